import crypto from 'node:crypto';
import { visitSourceParam } from '@cardstack/shared/insights/sources';
import { publicCardTexts } from '@cardstack/shared/public-card/schemas';

/*
 * The public page's only script, served as a file (the page's CSP allows scripts from 'self' only, never
 * inline). It removes the visit's source marker (?src=qr …) from the address bar once the view is counted, so a
 * visitor who copies or shares the address passes on the plain one. It is an enhancement: the lead form is sent
 * in the background and answered in place. Without it,
 * or when it fails to load, the form posts normally and the server answers with a page. Written for old
 * phone browsers (no modules, no arrow functions); every text it shows goes in through textContent.
 */
const source = `(function () {
  'use strict';
  var marker = ${JSON.stringify(visitSourceParam)};
  if (window.history && history.replaceState && location.search) {
    var kept = location.search.slice(1).split('&').filter(function (part) { return part !== '' && part.split('=')[0] !== marker; });
    if (kept.length !== location.search.slice(1).split('&').length) {
      history.replaceState(history.state, '', location.pathname + (kept.length ? '?' + kept.join('&') : '') + location.hash);
    }
  }
  var form = document.querySelector('form[data-lead-form]');
  if (!form || !window.fetch || !window.FormData || !window.URLSearchParams) return;
  var status = form.querySelector('[data-lead-status]');
  var failed = form.getAttribute('data-failed') || ${JSON.stringify(publicCardTexts.leadFailed)};

  function clearErrors() {
    var notes = form.querySelectorAll('[data-error-for]');
    for (var i = 0; i < notes.length; i += 1) notes[i].parentNode.removeChild(notes[i]);
    var invalid = form.querySelectorAll('[aria-invalid]');
    for (var j = 0; j < invalid.length; j += 1) {
      invalid[j].removeAttribute('aria-invalid');
      invalid[j].removeAttribute('aria-describedby');
    }
    status.textContent = '';
  }

  function showErrors(error) {
    var fields = (error && error.fields) || {};
    var first = null;
    Object.keys(fields).forEach(function (name) {
      var input = form.elements.namedItem(name);
      if (!input || !input.parentNode || input.type === 'checkbox') return;
      var note = document.createElement('span');
      note.className = 'pc-err';
      note.id = 'lead-' + name + '-error';
      note.setAttribute('data-error-for', name);
      note.textContent = fields[name];
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', note.id);
      input.parentNode.appendChild(note);
      if (!first) first = input;
    });
    status.textContent = (error && error.message) || failed;
    if (first) first.focus();
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var button = form.querySelector('button[type="submit"]');
    clearErrors();
    button.disabled = true;
    fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams(new FormData(form)),
      credentials: 'same-origin'
    })
      .then(function (response) {
        return response.json().then(function (body) { return { ok: response.ok, body: body }; });
      })
      .then(function (result) {
        if (!result.ok) return showErrors(result.body && result.body.error);
        var done = document.createElement('p');
        done.setAttribute('role', 'status');
        done.className = 'pc-sent';
        done.tabIndex = -1;
        done.textContent = result.body.message;
        form.parentNode.replaceChild(done, form);
        done.focus();
      })
      .catch(function () { status.textContent = failed; })
      .then(function () { button.disabled = false; });
  });
})();
`;

export const pageScript = Buffer.from(source, 'utf8');
const hash = crypto.createHash('sha256').update(pageScript).digest('hex').slice(0, 12);
/** Content-addressed, so it is cached for a year and a new version gets a new address. */
export const pageScriptPath = `/card-assets/card.${hash}.js`;
