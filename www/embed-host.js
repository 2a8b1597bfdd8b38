// Rescale Lab embed host script: include it once on a page that embeds labs in <iframe>s.
// Dependency-free. It sizes each lab frame to its content from the frame's own messages
// (H5P's {context:'h5p', action:'resize', scrollHeight} or Rescale Lab's
// {type:'rescale-lab:resize', height}) and re-dispatches result statements
// ({type:'rescale-lab:statement', statement}) as a 'rescale-lab:statement' DOM event on
// document, with {frame, statement, origin} in event.detail. Messages from anything but one
// of this page's iframes are ignored. A lab may have reported its height before this script
// ran (a deferred script, a fast frame), so on start, and when any frame loads, the script
// asks every frame for its height again ({type:'rescale-lab:measure'}); a lab answers with
// its resize message, and any other page ignores the request.
(function () {
  'use strict';
  function frameFor(source) {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === source) return frames[i];
    }
    return null;
  }
  function measureAll() {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow) frames[i].contentWindow.postMessage({ type: 'rescale-lab:measure' }, '*');
    }
  }
  window.addEventListener('message', function (event) {
    var frame = frameFor(event.source);
    var data = event.data;
    if (!frame || !data || typeof data !== 'object') return;
    var height = null;
    if (data.type === 'rescale-lab:resize') height = data.height;
    else if (data.context === 'h5p' && data.action === 'resize') height = data.scrollHeight;
    if (typeof height === 'number' && height > 0 && height < 100000) {
      frame.style.height = Math.ceil(height) + 'px';
    }
    if (data.type === 'rescale-lab:statement' && data.statement) {
      document.dispatchEvent(new CustomEvent('rescale-lab:statement', {
        detail: { frame: frame, statement: data.statement, origin: event.origin },
      }));
    }
  });
  // 'load' does not bubble; capturing on document sees every frame's load.
  document.addEventListener('load', function (event) {
    if (event.target && event.target.tagName === 'IFRAME') measureAll();
  }, true);
  measureAll();
})();
