/* global window, document, location */
// Inlined into index.html by route-preload.ts (it runs while the HTML is parsed). It preloads
// the reader's language; with a stored session it warms Intl up and, on the mining screen ('/' or '/mining'), asks for the mining
// status and the recent activity at once (the GETs the screen makes, listed in index.html by
// build/route-preload.ts from the contract; src/lib/early-requests.test.ts checks they match), so the answers are in by the time React
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
  // The Intl locale of each app language, as src/lib/format.ts picks it.
  var INTL_LOCALES = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', zh: 'zh-CN' };
  // The formatters the signed-in mining screen's first frame uses (src/lib/format.ts; the
  // balances, the countdown's units, the cycle's length, the clock, the recent activity's dates),
  // built here while the scripts download: a page's first formatter of each kind costs ICU's
  // start-up and its locale data, 31-49 ms for the screen's set in Chromium unthrottled (4x that
  // in the benchmark's phone), ~1 ms once these have run. src/lib/early-intl.test.tsx checks that
  // the screen uses no other. One task each, so a script that arrives meanwhile is not held up.
  function warmUpIntl(language) {
    var locale = INTL_LOCALES[language] || 'en-US';
    var countdownUnits = locale === 'en-US' ? 'narrow' : 'short';
    var steps = [
      function () {
        new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(1);
        new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(1);
      },
      function () {
        new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(0);
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
      },
      function () {
        new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'second');
      },
    ];
    ['hour', 'minute', 'second'].forEach(function (unit) {
      steps.push(function () {
        for (var digits = 1; digits <= 2; digits++) {
          var countdown = { style: 'unit', unit: unit, unitDisplay: countdownUnits, minimumIntegerDigits: digits };
          new Intl.NumberFormat(locale, countdown).formatToParts(1);
        }
        new Intl.NumberFormat(locale, { style: 'unit', unit: unit, unitDisplay: 'long' }).format(1);
      });
    });
    (function next(index) {
      if (index === steps.length) return;
      setTimeout(function () {
        try {
          steps[index]();
        } catch (_error) {
          // An engine without some Intl part: the app falls back by itself.
        }
        next(index + 1);
      }, 0);
    })(0);
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
    // The screen's first GETs, from the contract (build/route-preload.ts, miningScreenRequests).
    var urls = preload.requests || [];
    for (var j = 0; j < urls.length; j++) (window.__zivEarly = window.__zivEarly || []).push(ask(urls[j], token));
  } catch (_error) {
    // No storage, no fetch: the app asks for itself.
  }
})();
