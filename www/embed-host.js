// Rescale Lab embed host script, for a page that embeds labs in <iframe>s. Dependency-free.
// Every Embed snippet ends with this script's tag; a page holding the tag several times (one
// per pasted snippet) runs it once: the first copy sets window.__rescaleLabEmbedHost and the
// others stop there.
// It acts only on lab frames: an iframe of this page whose src is a Rescale Lab link (`embed=1`
// in its hash, as every snippet writes it) and whose message comes from that src's origin (so
// a srcdoc or about:blank frame, a frame gone elsewhere, or any other page's frame is ignored).
// From a lab frame it applies the frame's height (H5P's {context:'h5p', action:'resize',
// scrollHeight} or Rescale Lab's {type:'rescale-lab:resize', height, title}), keeps the frame's
// title attribute as "Rescale Lab: " + the lab's current title, and re-dispatches result
// statements ({type:'rescale-lab:statement', statement}) as a 'rescale-lab:statement' DOM event
// on document, with {frame, statement, origin} in event.detail. A lab may have reported its
// height before this script ran (a deferred script, a fast frame), so on start, and when any
// frame loads, the script asks every lab frame that holds its lab's page by then for its height
// again ({type:'rescale-lab:measure'}), and the lab answers with its resize message.
(function () {
  'use strict';
  if (window.__rescaleLabEmbedHost) return;
  window.__rescaleLabEmbedHost = true;
  // The origin of a lab frame's src, or null for a frame that is not a lab frame.
  function labOrigin(frame) {
    if (frame.hasAttribute('srcdoc')) return null;
    var src = frame.getAttribute('src');
    if (!src) return null;
    try {
      var url = new URL(src, document.baseURI);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
      if (!/^#\/[^?]*\?(?:.*&)?embed=1(?:&|$)/.test(url.hash)) return null;
      return url.origin;
    } catch (e) {
      return null;
    }
  }
  function frameFor(event) {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        return labOrigin(frames[i]) === event.origin ? frames[i] : null;
      }
    }
    return null;
  }
  // Whether the frame holds a page of `origin` by now. A frame still loading holds its first
  // about:blank, of this page's origin: a message to it would only log a warning in the page's
  // console, and its load asks again. A page of another origin cannot be read: a lab's, then.
  function atOrigin(frame, origin) {
    try {
      var href = frame.contentWindow.location.href;
      return href !== 'about:blank' && new URL(href).origin === origin;
    } catch (e) {
      return true;
    }
  }
  function measureAll() {
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var origin = labOrigin(frames[i]);
      if (origin && frames[i].contentWindow && atOrigin(frames[i], origin)) {
        frames[i].contentWindow.postMessage({ type: 'rescale-lab:measure' }, origin);
      }
    }
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    var frame = frameFor(event);
    if (!frame) return;
    var height = null;
    if (data.type === 'rescale-lab:resize') height = data.height;
    else if (data.context === 'h5p' && data.action === 'resize') height = data.scrollHeight;
    if (typeof height === 'number' && height > 0 && height < 100000) {
      // A page whose theme sizes boxes by their border (box-sizing: border-box) counts the
      // frame's border and padding in its height: add them, or the frame scrolls inside.
      var box = getComputedStyle(frame);
      var extra = 0;
      if (box.boxSizing === 'border-box') {
        extra = ['borderTopWidth', 'borderBottomWidth', 'paddingTop', 'paddingBottom']
          .reduce(function (sum, side) { return sum + (parseFloat(box[side]) || 0); }, 0);
      }
      frame.style.height = Math.ceil(height + extra) + 'px';
    }
    if (data.type === 'rescale-lab:resize' && typeof data.title === 'string' && data.title) {
      var title = 'Rescale Lab: ' + data.title.slice(0, 300);
      if (frame.getAttribute('title') !== title) frame.setAttribute('title', title);
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
