// The app: routes (/ lobby, /play/{id}, /watch/{id}, /replay/{id}, /ratings, /my-games) and the
// language switch. Pages render from what the server sends; see web/README.md.

import { t, getLang, setLang, onLangChange } from './i18n.js';
import { hideBanner, setConnection, setRouter } from './ui.js';
import { lobbyPage } from './lobby.js';
import { tablePage } from './table.js';
import { replayPage } from './replay.js';
import { ratingsPage } from './ratings.js';
import { myGamesPage } from './my-games.js';

const root = document.getElementById('app');
let cleanup = () => {};

async function route() {
  cleanup();
  cleanup = () => {};
  hideBanner();
  setConnection('');
  const params = new URLSearchParams(location.search);
  const [, kind, id] = location.pathname.split('/');
  if (kind === 'play' && id) cleanup = await tablePage(root, id, params);
  else if (kind === 'watch' && id) cleanup = await tablePage(root, id, params, { watch: true });
  else if (kind === 'replay' && id) cleanup = await replayPage(root, id);
  else if (kind === 'ratings') cleanup = await ratingsPage(root, params);
  else if (kind === 'my-games') cleanup = await myGamesPage(root);
  else cleanup = await lobbyPage(root);
  window.scrollTo(0, 0);
}

function langButton() {
  const b = document.getElementById('lang');
  b.textContent = getLang() === 'de' ? 'EN' : 'DE';
  b.title = getLang() === 'de' ? 'English' : 'Deutsch';
  document.documentElement.lang = getLang();
  document.title = `spielleiter – ${t('lobby')}`;
  document.getElementById('my-games-nav').textContent = t('myGames');
}

document.getElementById('lang').addEventListener('click', () => setLang(getLang() === 'de' ? 'en' : 'de'));
onLangChange(() => {
  langButton();
  setConnection();
});
document.addEventListener('click', (e) => {
  const a = e.target.closest?.('a[href^="/"]');
  if (a && !a.target && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
    e.preventDefault();
    history.pushState(null, '', a.getAttribute('href'));
    route();
  }
});
// Clickable board pieces (cards, chips, nobles) are role=button: Enter and Space press them too.
document.addEventListener('keydown', (e) => {
  const el = e.target;
  if ((e.key === 'Enter' || e.key === ' ') && el?.getAttribute?.('role') === 'button' && el.tagName !== 'BUTTON') {
    e.preventDefault();
    el.click();
  }
});
window.addEventListener('popstate', route);
setRouter(route);
langButton();
route();
