/* picker.js: the GPU pair picker (templates/partials/pair-picker). Without
 * it the form goes to the compare index, which links every pair. With it,
 * submitting goes straight to compare/<x>-vs-<y>/, the pair in canonical
 * order (the GPU listed first in data/gpus.csv, i.e. first in the select,
 * comes first), and on a GPU page the first select starts at that GPU. */
(function () {
  'use strict';
  var forms = document.querySelectorAll('form.pair-picker');
  [].forEach.call(forms, function (form) {
    var a = form.elements.a, b = form.elements.b;
    var err = form.querySelector('.field-error');
    if (!a || !b || !err) return;
    var here = /\/gpus\/([a-z0-9-]+)\/$/.exec(location.pathname);
    if (here && [].some.call(a.options, function (o) { return o.value === here[1]; })) a.value = here[1];
    if (a.value === b.value && b.options.length > 1) b.selectedIndex = a.selectedIndex === 0 ? 1 : 0;
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      if (a.value === b.value) {
        err.textContent = form.getAttribute('data-same');
        err.hidden = false;
        b.focus();
        return;
      }
      err.hidden = true;
      var x = a.selectedIndex, y = b.selectedIndex;
      var first = x < y ? a.value : b.value, second = x < y ? b.value : a.value;
      location.href = form.getAttribute('data-compare') + first + '-vs-' + second + '/';
    });
  });
})();
