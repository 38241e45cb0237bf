/* global window, document, location */
// Inlined into index.html by route-preload.ts (it runs while the HTML is parsed). It preloads
// the reader's language; with a stored session it warms Intl up and, on the mining screen ('/' or '/mining'), asks for the mining
// status and the recent activity at once (the GETs the screen makes,
// src/lib/early-requests.test.ts checks they match), so the answers are in by the time React
// renders instead of being asked then. The app's API client takes them
// (src/lib/early-requests.ts); the server checks the token exactly as for any request.
(function () {
  function ask(url, token) {
    var entry = { url: url, token: token, response: null, receivedAt: undefined };
    entry.response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      credentials: 'same-origin',
    }).then(function (response) {
      entry.receivedAt = Date.now();
      return response;
    });
    entry.response.catch(function () {});
    return entry;
  }
  // The reader's language as the app will pick it (src/app/provider.tsx): the one they chose
  // before, else Telegram's (from the launch parameters), else the browser's; else English.
  function readerLanguage(known) {
    var candidates = [localStorage.getItem('ziver-language')];
    try {
      var data = new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');
      var user = data && JSON.parse(new URLSearchParams(data).get('user') || 'null');
      if (user) candidates.push(user.language_code);
    } catch (_error) {
      // Not opened from Telegram.
    }
    candidates = candidates.concat(navigator.languages || [], [navigator.language]);
    for (var i = 0; i < candidates.length; i++) {
      var base = String(candidates[i] || '')
        .toLowerCase()
        .split(/[-_]/)[0];
      if (base === 'en' || Object.prototype.hasOwnProperty.call(known, base)) return base;
    }
    return 'en';
  }
  function preloadFiles(files, lowPriority) {
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      var isCss = /\.css$/.test(files[i]);
      link.rel = isCss ? 'preload' : 'modulepreload';
      if (isCss) link.as = 'style';
      // As the app's own stylesheet links (Vite's preload helper): a preload with another CORS
      // mode is not reused, and the route waits for a second download of its CSS.
      link.crossOrigin = '';
      // A screen's chunks come after the first screen's scripts, which share the same slow
      // link: React starts (and draws the shell) while they arrive, instead of everything
      // arriving at the end together. Measured: LCP 0.94x, lower in 9 of 9 runs
      // (docs/performance.md).
      if (lowPriority) link.fetchPriority = 'low';
      link.href = files[i];
      document.head.appendChild(link);
    }
  }
  // A page's first Intl.NumberFormat costs ~10-15 ms (ICU starting up; 4x that on a slow
  // phone), its first DateTimeFormat ~2-3 ms: paid here, while the scripts download, instead of
  // in the signed-in screen's first render (src/lib/format.ts builds the screen's own).
  function warmUpIntl(language) {
    setTimeout(function () {
      try {
        new Intl.NumberFormat(language).format(1);
        new Intl.DateTimeFormat(language).format(0);
      } catch (_error) {
        // An unknown language: the app falls back by itself.
      }
    }, 0);
  }
  try {
    // The files to preload, listed in index.html by build/route-preload.ts.
    var list = document.getElementById('ziv-preload');
    var preload = JSON.parse((list && list.textContent) || '{}');
    var languages = preload.languages || {};
    // Every screen waits for the reader's language (src/i18n/index.ts): its chunks come with
    // the first screen's, not after the app has started and picked it.
    var language = readerLanguage(languages);
    if (languages[language]) preloadFiles(languages[language], false);
    var session = JSON.parse(localStorage.getItem('session') || 'null');
    var token = session && session.user && session.user.token;
    var signedIn = typeof token === 'string' && token !== '';
    var path = location.pathname.replace(/\/+$/, '') || '/';
    var miningScreen = signedIn && (path === '/' || path === '/mining');
    // Every page but the mining screen also waits for the rest of the reader's texts
    // (src/i18n/index.ts, featureTextsReady).
    var features = (preload.languageFeatures || {})[language];
    if (!miningScreen && features) preloadFiles(features, false);
    if (!signedIn) return;
    warmUpIntl(language);
    if (!miningScreen) return;
    preloadFiles((preload.screens || {})[path] || [], true);
    var urls = ['/api/mining/status', '/api/transactions/recent/list?limit=5'];
    for (var j = 0; j < urls.length; j++) (window.__zivEarly = window.__zivEarly || []).push(ask(urls[j], token));
  } catch (_error) {
    // No storage, no fetch: the app asks for itself.
  }
})();
