// Rescale Lab embed host script: include it once on a page that embeds labs in <iframe>s.
// Dependency-free. It sizes each lab frame to its content from the frame's own messages
// (H5P's {context:'h5p', action:'resize', scrollHeight} or Rescale Lab's
// {type:'rescale-lab:resize', height}) and re-dispatches result statements
// ({type:'rescale-lab:statement', statement}) as a 'rescale-lab:statement' DOM event on
// document, with {frame, statement, origin} in event.detail. Messages from anything but one
// of this page's iframes are ignored.
(function () {
  'use strict';
  function frameFor(source) {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === source) return frames[i];
    }
    return null;
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
})();
