// Language: German and English. Every user-facing text goes through `t` (UI
// texts by key) or `L` (a {de, en} pair, e.g. a server message).

const KEY = 'spielleiter.lang';

const TEXT = {
  lobby: { de: 'Lobby', en: 'Lobby' },
  newTable: { de: 'Neuer Tisch', en: 'New table' },
  game: { de: 'Spiel', en: 'Game' },
  players: { de: 'Spieler', en: 'Players' },
  ruleSet: { de: 'Regeln', en: 'Rules' },
  playersRange: { de: '{lo}–{hi} Spieler', en: '{lo}–{hi} players' },
  seat: { de: 'Platz', en: 'Seat' },
  human: { de: 'Mensch', en: 'Human' },
  bot: { de: 'Bot', en: 'Bot' },
  agent: { de: 'Agent', en: 'Agent' },
  yourName: { de: 'Dein Name', en: 'Your name' },
  options: { de: 'Erweitert: Optionen als JSON (leer = Standard)', en: 'Advanced: options as JSON (empty = defaults)' },
  gameOptions: { de: 'Spieloptionen', en: 'Game options' },
  optionNoLimit: { de: 'unbegrenzt', en: 'no limit' },
  optionDrawn: { de: 'Ausgelost', en: 'Drawn by lot' },
  optionOutOfRange: { de: '„{label}“ muss eine ganze Zahl von {min} bis {max} sein.', en: '"{label}" must be a whole number from {min} to {max}.' },
  hotseat: { de: 'Hot-Seat: alle menschlichen Plätze in diesem Browser spielen', en: 'Hot-seat: play every human seat in this browser' },
  create: { de: 'Tisch anlegen', en: 'Create table' },
  openTables: { de: 'Tische', en: 'Tables' },
  noTables: { de: 'Noch keine Tische.', en: 'No tables yet.' },
  join: { de: 'Beitreten', en: 'Join' },
  joinSeat: { de: 'Platz {n} beitreten', en: 'Join seat {n}' },
  watch: { de: 'Zuschauen', en: 'Watch' },
  continue: { de: 'Weiterspielen', en: 'Continue' },
  replay: { de: 'Wiederholung', en: 'Replay' },
  status_waiting: { de: 'wartet auf Spieler', en: 'waiting for players' },
  status_playing: { de: 'läuft', en: 'playing' },
  status_finished: { de: 'beendet', en: 'finished' },
  wonBy: { de: 'gewonnen von {who}', en: 'won by {who}' },
  status_unavailable: { de: 'nicht verfügbar', en: 'unavailable' },
  status_abandoned: { de: 'verlassen', en: 'abandoned' },
  status_closed: { de: 'geschlossen', en: 'closed' },
  myGames: { de: 'Meine Spiele', en: 'My games' },
  myGamesNote: { de: 'Die Spiele, deren Plätze dieser Browser hält. Laufende Spiele setzt du mit „Fortsetzen“ fort; verlassene Tische beendet der Server nach einer Weile, ungewertet.', en: 'The games whose seats this browser holds. Resume a running game with "Resume"; the server ends abandoned tables after a while, unrated.' },
  myGamesNone: { de: 'Dieser Browser hat noch an keinem Tisch gespielt.', en: 'This browser has not played at any table yet.' },
  resume: { de: 'Fortsetzen', en: 'Resume' },
  tableAbandoned: { de: 'Dieser Tisch wurde beendet: niemand war mehr da. Er bleibt ungewertet.', en: 'This table was ended: nobody was there any more. It stays unrated.' },
  tableClosed: { de: 'Der Server hat diesen Tisch geschlossen.', en: 'The server closed this table.' },
  youWon: { de: 'du hast gewonnen', en: 'you won' },
  yourSeat: { de: 'Dein Platz: {seat}', en: 'Your seat: {seat}' },
  open: { de: 'frei', en: 'open' },
  online: { de: 'verbunden', en: 'online' },
  offline: { de: 'getrennt', en: 'offline' },
  connecting: { de: 'verbinde…', en: 'connecting…' },
  reconnecting: { de: 'Verbindung verloren – verbinde neu…', en: 'Connection lost – reconnecting…' },
  toAct: { de: 'Am Zug', en: 'To act' },
  yourTurn: { de: 'Du bist am Zug', en: 'Your turn' },
  waitingFor: { de: 'Warte auf {who}', en: 'Waiting for {who}' },
  waitingPlayers: { de: 'Das Spiel beginnt, sobald alle Plätze besetzt sind.', en: 'The game starts once every seat is taken.' },
  chance: { de: 'Zufall', en: 'chance' },
  gameOver: { de: 'Spiel beendet', en: 'Game over' },
  rematch: { de: 'Revanche', en: 'Rematch' },
  diceRolled: { de: 'Gewürfelt', en: 'Dice rolled' },
  toRematch: { de: 'Zur Revanche', en: 'To the rematch' },
  watchRematch: { de: 'Revanche ansehen', en: 'Watch the rematch' },
  rematchOpened: { de: 'Die Revanche ist eröffnet.', en: 'The rematch is open.' },
  winner: { de: 'Gewonnen: {who}', en: 'Winner: {who}' },
  winners: { de: 'Gewonnen: {who}', en: 'Winners: {who}' },
  score: { de: 'Punkte', en: 'Score' },
  reason: { de: 'Grund', en: 'Reason' },
  backToLobby: { de: 'Zur Lobby', en: 'To the lobby' },
  close: { de: 'Schließen', en: 'Close' },
  log: { de: 'Spielverlauf', en: 'Game log' },
  // A phone's sheets (table-panels.js): the panels that open over the board.
  sheetTable: { de: 'Spieler', en: 'Players' },
  sheetLog: { de: 'Verlauf', en: 'Log' },
  sheetClose: { de: 'Schließen', en: 'Close' },
  legalActions: { de: 'Erlaubte Aktionen', en: 'Legal actions' },
  noLegal: { de: 'Gerade keine Aktion für dich.', en: 'No action for you right now.' },
  spectator: { de: 'Zuschauer', en: 'Spectator' },
  seedChosen: { de: 'Seed gewählt', en: 'Chosen seed' },
  rated: { de: 'gewertet', en: 'rated' },
  ratedSwitch: { de: 'Gewertet: das Ergebnis zählt für die Rangliste', en: 'Rated: the result counts for the leaderboard' },
  ratedNote: { de: 'Menschen werden unter ihrem Namen gewertet; der erste gewertete Beitritt beansprucht den Namen für diesen Browser.', en: 'Humans are rated by their name; the first rated join claims the name for this browser.' },
  leaderboard: { de: 'Rangliste', en: 'Leaderboard' },
  ratingPlayer: { de: 'Spieler', en: 'Player' },
  ratingKind: { de: 'Art', en: 'Kind' },
  ratingValue: { de: 'Wertung', en: 'Rating' },
  ratingDeviation: { de: 'Abweichung', en: 'Deviation' },
  ratingGames: { de: 'Partien', en: 'Games' },
  kind_human: { de: 'Mensch', en: 'Human' },
  kind_bot: { de: 'Bot', en: 'Bot' },
  kind_agent: { de: 'Agent', en: 'Agent' },
  noRatings: { de: 'Noch keine gewerteten Partien.', en: 'No rated games yet.' },
  ratingProvisional: { de: 'vorläufig', en: 'provisional' },
  ratingProvisionalHint: { de: 'Weniger als 10 gewertete Partien: die Wertung ist noch eine grobe Schätzung.', en: 'Fewer than 10 rated games: the rating is still a rough guess.' },
  ratingsNote: { de: 'Weng-Lin-Wertung (wie OpenSkill): Start 25 ± 8,33; nur gewertete Tische zählen; wer eine begonnene Partie verlässt, hat sie verloren; vorläufig bis 10 Partien.', en: 'Weng-Lin rating (as OpenSkill): start 25 ± 8.33; only rated tables count; leaving a started game loses it; provisional below 10 games.' },
  seedChosenNote: { de: 'Der Seed dieses Tisches wurde beim Erstellen gewählt: wer ihn kennt, kennt den Zufall (alle anderen Plätze sind Bots).', en: "This table's seed was chosen when it was created: whoever knows it knows the chance (every other seat is a bot)." },
  chat: { de: 'Chat', en: 'Chat' },
  chatSend: { de: 'Senden', en: 'Send' },
  chatMute: { de: 'stumm', en: 'mute' },
  chatUnmute: { de: 'alle wieder zeigen', en: 'show everyone again' },
  chatHidden: { de: '{n} Zeilen stummgeschaltet', en: '{n} lines muted' },
  youAreSpectator: { de: 'Du schaust zu.', en: 'You are watching.' },
  playingAs: { de: 'Du spielst', en: 'Playing as' },
  invite: { de: 'Einladen', en: 'Invite' },
  copyInvite: { de: 'Einladungslink kopieren', en: 'Copy invitation link' },
  copySeatLink: { de: 'Link mit Platz-Geheimnis kopieren (anderes Gerät)', en: 'Copy link with seat secret (other device)' },
  copied: { de: 'Link kopiert.', en: 'Link copied.' },
  copyFailed: { de: 'Kopieren nicht möglich – Link: {link}', en: 'Could not copy – link: {link}' },
  leave: { de: 'Platz verlassen', en: 'Leave seat' },
  seatLeft: { de: 'verlassen', en: 'left' },
  seatLeftHint: { de: 'Hat die gewertete Partie verlassen: ein Bot spielt weiter, sie zählt als verloren.', en: 'Left the rated game: a bot plays on, and it counts as lost.' },
  rawAction: { de: 'Aktion als JSON senden (für Fortgeschrittene)', en: 'Send an action as JSON (advanced)' },
  send: { de: 'Senden', en: 'Send' },
  notJson: { de: 'Das ist kein gültiges JSON.', en: 'That is not valid JSON.' },
  refused: { de: 'Abgelehnt', en: 'Refused' },
  otherTab: { de: 'Dieser Platz ist auch in einem anderen Tab offen. Beide Tabs bleiben aktuell; handle am besten nur in einem.', en: 'This seat is also open in another tab. Both stay up to date; best act in only one.' },
  hotseatSwitch: { de: 'Hot-Seat: jetzt ist {who} dran.', en: 'Hot-seat: now it is {who}\'s turn.' },
  replayTitle: { de: 'Wiederholung', en: 'Replay' },
  replayLive: { de: 'live', en: 'live' },
  replayLiveHint: { de: 'Das Spiel läuft noch: neue Züge kommen dazu, am letzten Schritt folgt die Wiederholung dem Spiel.', en: 'The game is still running: new moves are added; at the last step the replay follows the game.' },
  step: { de: 'Schritt {i} von {n}', en: 'Step {i} of {n}' },
  first: { de: 'Anfang', en: 'Start' },
  prev: { de: 'Zurück', en: 'Back' },
  next: { de: 'Weiter', en: 'Next' },
  last: { de: 'Ende', en: 'End' },
  play: { de: 'Abspielen', en: 'Play' },
  pause: { de: 'Pause', en: 'Pause' },
  loading: { de: 'Lade…', en: 'Loading…' },
  error: { de: 'Fehler', en: 'Error' },
  noSuchTable: { de: 'Diesen Tisch gibt es nicht.', en: 'There is no such table.' },
  table: { de: 'Tisch', en: 'Table' },
  seats: { de: 'Plätze', en: 'Seats' },
  turnOf: { de: '{who} ist am Zug', en: "{who}'s turn" },
  you: { de: 'du', en: 'you' },
  spectatorHint: { de: 'Du schaust nur zu: um mitzuspielen, tritt einem freien Platz bei.', en: 'You are only watching: to play, join an open seat.' },
  boardRefreshed: { de: 'Das Brett wurde aktualisiert.', en: 'The board was refreshed.' },
  joinPrompt: { de: 'Du wurdest an Platz {n} eingeladen.', en: 'You were invited to seat {n}.' },
  seatTaken: { de: 'Dieser Platz ist schon besetzt.', en: 'This seat is already taken.' },
  created: { de: 'Angelegt', en: 'Created' },
  refresh: { de: 'Aktualisieren', en: 'Refresh' },
  soundOn: { de: 'Ton an', en: 'Sound on' },
  soundOff: { de: 'Ton aus', en: 'Sound off' },
  soundHint: { de: 'Töne für deinen Zug, Würfel, Bauen, Handel, Räuber, Barbaren und den Sieg', en: 'Sounds for your turn, dice, building, trades, the robber, the barbarians and the win' },
  soundVolume: { de: 'Lautstärke', en: 'Volume' },
  turnClock: { de: 'Zugzeit', en: 'Turn clock' },
  turnSeconds: { de: 'Sekunden pro Zug', en: 'Seconds per turn' },
  graceSeconds: { de: 'Nachspielzeit (Sekunden)', en: 'Grace (seconds)' },
  clockDefault: { de: 'Ohne Angabe: {turn} s pro Zug und {grace} s Nachspielzeit, sobald andere mitspielen können (zwei oder mehr menschliche Plätze); gegen Bots keine Zugzeit. Nachspielzeit leer: {grace} s.', en: 'Left empty: {turn} s per turn and {grace} s grace once others can play (two or more human seats); none against bots. Grace left empty: {grace} s.' },
  clockOffSwitch: { de: 'Keine Zugzeit (privater Tisch)', en: 'No turn clock (private table)' },
  clockNote: { de: 'Wer Zugzeit und Nachspielzeit überschreitet, für den spielt ein Bot, bis er übernimmt.', en: 'When a player runs out of turn time and grace, a bot plays for them until they take over.' },
  clockLeft: { de: 'noch {time}', en: '{time} left' },
  clockGrace: { de: 'Nachspielzeit {time}', en: 'grace {time}' },
  autopilot: { de: 'Bot spielt', en: 'Bot plays' },
  autopilotMine: { de: 'Ein Bot spielt für dich.', en: 'A bot plays for you.' },
  takeBack: { de: 'Selbst weiterspielen', en: 'Take over' },
  handOver: { de: 'Bot spielen lassen', en: 'Let a bot play' },
  hint: { de: 'Tipp', en: 'Hint' },
  hintHelp: { de: 'Die drei besten Züge nach der Suche, mit deiner Gewinnchance danach (nur an Tischen ohne Wertung gegen Bots).', en: 'The three best moves by the search, with your chance to win after each (only at casual tables against bots).' },
  hintThinking: { de: 'Denke nach…', en: 'Thinking…' },
  forSeat: { de: 'für {who}', en: 'for {who}' },
  bestMoves: { de: 'Beste Züge hier', en: 'Best moves here' },
  bestMovesHelp: { de: 'Die besten Züge dieser Stellung für den Platz am Zug, mit seiner Gewinnchance danach (aus seiner Sicht gesucht).', en: 'The best moves of this position for the seat to act, with its chance to win after each (searched from its view).' },
  offlineBoard: { de: 'Keine Verbindung: das Brett ruht, bis die Verbindung wieder steht.', en: 'No connection: the board is paused until the connection is back.' },
};

let lang = localStorage.getItem(KEY) || ((navigator.language || 'de').startsWith('de') ? 'de' : 'en');
const listeners = [];

export function getLang() {
  return lang;
}

export function setLang(l) {
  lang = l === 'en' ? 'en' : 'de';
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

/** Calls `f` after every switch; returns a function that stops that. */
export function onLangChange(f) {
  listeners.push(f);
  return () => {
    const i = listeners.indexOf(f);
    if (i >= 0) listeners.splice(i, 1);
  };
}

function fill(s, vars) {
  return vars ? s.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`)) : s;
}

/** A UI text by key, with {placeholders} filled from `vars`. */
export function t(key, vars) {
  const e = TEXT[key];
  return e ? fill(e[lang], vars) : key;
}

/** Picks the current language from a {de, en} pair (a server message, a game text). */
export function L(pair, vars) {
  if (pair == null) return '';
  if (typeof pair === 'string') return fill(pair, vars);
  return fill(pair[lang] ?? pair.en ?? pair.de ?? '', vars);
}
