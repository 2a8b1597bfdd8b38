// Reads ?lab=URL-of-the-lab&integrity=sha384-… and embeds one coverage frame plus the lab's
// shipped host script, exactly as the Embed snippet would.
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
  document.body.appendChild(frame);
  var script = document.createElement('script');
  script.src = lab + 'embed-host.js';
  script.integrity = query.get('integrity');
  script.crossOrigin = 'anonymous';
  document.body.appendChild(script);
})();
