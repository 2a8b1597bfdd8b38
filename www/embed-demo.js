// Points the demo's frames at the lab (?lab=URL, default ../dist/), naming this page's origin
// so that graded answers come back here, and lists every statement received.
(function () {
  'use strict';
  var base = new URLSearchParams(location.search).get('lab') || '../dist/';
  var origin = encodeURIComponent(location.origin);
  var frames = document.querySelectorAll('iframe[data-lab]');
  for (var i = 0; i < frames.length; i++) {
    frames[i].src = base + frames[i].getAttribute('data-lab') + '&embed=1&origin=' + origin;
  }
  document.addEventListener('rescale-lab:statement', function (event) {
    var s = event.detail.statement;
    var item = document.createElement('li');
    item.textContent = s.verb.display['en-US'] + ' ' + s.object.definition.name['en-US'] + ': ' +
      (s.result.success ? 'correct' : 'incorrect') + ' (' + s.result.score.raw + '/' + s.result.score.max + ')';
    item.dataset.success = String(s.result.success);
    item.dataset.from = event.detail.frame.id;
    document.getElementById('results').appendChild(item);
  });
})();
