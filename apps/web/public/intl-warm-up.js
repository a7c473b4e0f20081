// The browser loads its number and date data (ICU) on the first Intl format a page makes: 30–100 ms of the main
// thread, once per page load. This script runs while the app's own JavaScript downloads, when the main thread is
// idle, so that cost is not paid inside the app's first render (ADR 033). It changes nothing the app reads.
/* global window */
(function () {
  try {
    var culture = window.localStorage.getItem('sealplan.culture') || navigator.language || 'en-US';
    new Intl.NumberFormat(culture, { minimumFractionDigits: 1 }).formatToParts(1.5);
    new Intl.DateTimeFormat(culture, { dateStyle: 'medium' }).format(0);
  } catch {
    // A culture the browser does not know, or no storage: the app makes its formats as before.
  }
})();
