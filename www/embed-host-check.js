// Reads ?lab=URL-of-the-lab&integrity=sha384-… and embeds one coverage frame plus the lab's
// shipped host script, exactly as the Embed snippet would. With &late=1 the script is added
// only after the frame's first height report has arrived (and been missed), as happens when
// a deferred host script runs after a fast frame.
(function () {
  'use strict';
  var query = new URLSearchParams(location.search);
  var lab = query.get('lab');
  var frame = document.createElement('iframe');
  frame.id = 'f';
  frame.title = 'Rescale Lab: Modular coverage';
  frame.width = '100%';
  frame.height = '200';
  frame.style.border = '0';
  frame.src = lab + '#/coverage?m=12&a=5&embed=1';
  function addScript() {
    var script = document.createElement('script');
    script.src = lab + 'embed-host.js';
    script.integrity = query.get('integrity');
    script.crossOrigin = 'anonymous';
    document.body.appendChild(script);
  }
  if (query.get('late') === '1') {
    var seen = function (event) {
      if (event.source !== frame.contentWindow || !event.data || event.data.type !== 'rescale-lab:resize') return;
      window.removeEventListener('message', seen);
      document.body.setAttribute('data-first-report', String(event.data.height));
      addScript();
    };
    window.addEventListener('message', seen);
    document.body.appendChild(frame);
  } else {
    document.body.appendChild(frame);
    addScript();
  }
})();
