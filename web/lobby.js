// The lobby: create a table (game, players, options, each seat human or
// bot, hot-seat, turn clock), list the live tables (waiting or playing; a
// finished or abandoned one is on "My games"), join, watch, continue, replay.

import { h, mount } from './dom.js';
import { t, L, onLangChange } from './i18n.js';
import { api, heldSeats, joinSeat } from './api.js';
import { gameModule, gameTitle } from './games.js';
import { showBanner, navigate, seatLabel } from './ui.js';
import { optionControls } from './lobby-options.js';

export async function lobbyPage(root) {
  let games = { games: [], bots: [] };
  try {
    games = await api('GET', '/api/games');
  } catch (e) {
    showBanner(L(e.info?.message), 'error');
  }
  const mods = {};
  for (const g of games.games) mods[g] = await gameModule(g);
  const form = {
    game: localStorage.getItem('spielleiter.lastGame') || games.games[0] || '',
    players: 0,
    ruleSet: localStorage.getItem('spielleiter.lastRuleSet') || '',
    seats: [],
    options: '',
    hotseat: false,
    // The turn clock: seconds per turn ('' = the server's default: a clock
    // at tables open to others, none against bots) and of grace; `clockOff`
    // asks for no clock at all (a private table).
    turn: '',
    grace: '',
    clockOff: false,
    name: localStorage.getItem('spielleiter.name') || '',
    // Rated or casual (the default): only rated tables count for the ratings.
    rated: localStorage.getItem('spielleiter.rated') === '1',
  };
  if (!games.games.includes(form.game)) form.game = games.games[0] || '';
  // The clock a table open to others gets when nothing is typed (the server's).
  const defaultClock = games.default_clock || null;
  let tables = [];
  let busy = false;

  // A game may offer rule sets (CATAN: base, Cities & Knights, with heroes,
  // 5–6 players), each with its own player counts and the options that
  // select it: the server lists them from its game registry.
  const servedSets = (game) => {
    const sets = games.rule_sets?.[game];
    return sets && sets.length > 1 ? sets : null;
  };
  const ruleSets = () => servedSets(form.game);
  const ruleSet = () => {
    const sets = ruleSets();
    if (!sets) return null;
    return sets.find((r) => r.id === form.ruleSet) || sets[0];
  };
  // The default rule set may seat what the game module adds by an option
  // of its own (CATAN's `two_players`, see tableOptions): its range is the
  // union of the registry's and the module's.
  const setRange = (r) => {
    const set = r?.players;
    const own = mods[form.game]?.meta?.players;
    if (set && own && r === ruleSets()[0]) return [Math.min(set[0], own[0]), Math.max(set[1], own[1])];
    return set || own || [2, 4];
  };
  const range = () => setRange(ruleSet());
  // A count the rule set seats only with an option of the module's (CATAN's
  // two players): the menus say which option allows it.
  const countNote = (n) => mods[form.game]?.tableOptions?.(n)?.short || null;
  const rangeText = (r) => {
    const [lo, hi] = setRange(r);
    const extra = [];
    for (let n = lo; n <= hi; n++) if (countNote(n) && r === ruleSets()[0]) extra.push(`${n}: ${L(countNote(n))}`);
    return t('playersRange', { lo, hi }) + (extra.length ? `; ${extra.join('; ')}` : '');
  };
  // The documented options of the game as controls (lobby-options.js); a
  // game with one rule set applies those of its only one.
  const setId = () => ruleSet()?.id || games.rule_sets?.[form.game]?.[0]?.id || '';
  const controls = optionControls(() => games.options?.[form.game] || [], () => form.players);
  const countOptions = () => mods[form.game]?.tableOptions?.(form.players) || null;
  const fitSeats = () => {
    const [lo, hi] = range();
    if (!form.players || form.players < lo || form.players > hi) form.players = Math.min(hi, Math.max(lo, mods[form.game]?.meta?.defaultPlayers || lo));
    while (form.seats.length < form.players) form.seats.push(form.seats.length === 0 ? 'human' : `bot:${games.bots.includes('greedy') ? 'greedy' : games.bots[0] || 'random'}`); // greedy: a real opponent at no cost (issue 43)
    form.seats.length = form.players;
  };

  const create = async () => {
    if (busy) return;
    const chosen = controls.collect(setId());
    if (!chosen.ok) {
      const input = root.querySelector(`[data-option=${chosen.name}]`);
      input?.setAttribute('aria-invalid', 'true');
      input?.focus();
      showBanner(chosen.message, 'error');
      return;
    }
    let options = null;
    if (form.options.trim()) {
      try {
        options = JSON.parse(form.options);
      } catch {
        showBanner(t('notJson'), 'error');
        return;
      }
    }
    // Options that go with the player count (CATAN's two_players); what the
    // player typed wins.
    const extra = { ...(ruleSet()?.options || {}), ...(countOptions()?.options || {}), ...chosen.options };
    if (Object.keys(extra).length && (options == null || (typeof options === 'object' && !Array.isArray(options)))) options = { ...extra, ...(options || {}) };
    busy = true;
    try {
      localStorage.setItem('spielleiter.lastGame', form.game);
      if (ruleSet()) localStorage.setItem('spielleiter.lastRuleSet', ruleSet().id);
      localStorage.setItem('spielleiter.name', form.name);
      const seats = form.seats.map((s) => (s === 'human' ? { kind: 'human' } : { kind: 'bot', bot: s.slice(4) }));
      localStorage.setItem('spielleiter.rated', form.rated ? '1' : '0');
      const body = { game: form.game, players: form.players, options, seats, rated: form.rated };
      // Sent as typed: the server checks the ranges and says what is wrong.
      if (form.clockOff) body.clock = null;
      else if (form.turn.trim()) body.clock = { turn_seconds: Number(form.turn), grace_seconds: Number(form.grace.trim() || defaultClock?.grace_seconds || 0) };
      const table = await api('POST', '/api/tables', body);
      const humans = seats.map((s, i) => (s.kind === 'human' ? i : -1)).filter((i) => i >= 0);
      const mine = form.hotseat ? humans : humans.slice(0, 1);
      for (const [k, i] of mine.entries()) {
        const name = form.hotseat ? `${form.name || t('human')} ${k + 1}` : form.name;
        await joinSeat(table.id, i, name.trim());
      }
      navigate(`/play/${table.id}`);
    } catch (e) {
      showBanner(L(e.info?.message), 'error');
    } finally {
      busy = false;
    }
  };

  const createForm = () => {
    fitSeats();
    const [lo, hi] = range();
    const counts = [];
    for (let n = lo; n <= hi; n++) counts.push(n);
    return h(
      'section',
      { class: 'panel create', 'data-testid': 'create-form' },
      h('h2', {}, t('newTable')),
      h(
        'label',
        {},
        t('game'),
        h(
          'select',
          {
            'data-testid': 'game-select',
            onchange: (e) => {
              form.game = e.target.value;
              form.players = 0;
              form.seats = [];
              controls.reset();
              render();
            },
          },
          games.games.map((g) => h('option', { value: g, selected: g === form.game }, gameTitle(mods[g], g, L))),
        ),
      ),
      ruleSets()
        ? h(
            'label',
            {},
            t('ruleSet'),
            h(
              'select',
              {
                'data-testid': 'rules-select',
                onchange: (e) => {
                  form.ruleSet = e.target.value;
                  form.players = 0;
                  controls.reset();
                  render();
                },
              },
              ruleSets().map((r) => h('option', { value: r.id, selected: r.id === ruleSet().id }, `${L(r.name)} · ${rangeText(r)}`)),
            ),
          )
        : null,
      h(
        'label',
        {},
        t('players'),
        h(
          'select',
          {
            'data-testid': 'players-select',
            onchange: (e) => {
              form.players = Number(e.target.value);
              render();
            },
          },
          counts.map((n) => h('option', { value: n, selected: n === form.players }, countNote(n) ? `${n} (${L(countNote(n))})` : String(n))),
        ),
      ),
      countOptions()?.note ? h('p', { class: 'muted note', 'data-testid': 'players-note' }, L(countOptions().note)) : null,
      controls.render(setId()),
      h('label', {}, t('yourName'), h('input', { type: 'text', maxlength: 40, value: form.name, 'data-testid': 'name-input', oninput: (e) => (form.name = e.target.value) })),
      h(
        'fieldset',
        { class: 'seat-specs' },
        h('legend', {}, t('seats')),
        form.seats.map((s, i) =>
          h(
            'label',
            { class: 'seat-spec' },
            `${t('seat')} ${i + 1}`,
            h(
              'select',
              { 'data-testid': `seat-kind-${i}`, onchange: (e) => (form.seats[i] = e.target.value) },
              h('option', { value: 'human', selected: s === 'human' }, t('human')),
              games.bots.map((b) => h('option', { value: `bot:${b}`, selected: s === `bot:${b}` }, `${t('bot')}: ${b}`)),
            ),
          ),
        ),
      ),
      h(
        'fieldset',
        { class: 'clock-spec' },
        h('legend', {}, t('turnClock')),
        h('label', {}, t('turnSeconds'), h('input', { type: 'number', inputmode: 'numeric', placeholder: defaultClock ? String(defaultClock.turn_seconds) : '', value: form.turn, disabled: form.clockOff, 'data-testid': 'clock-turn', oninput: (e) => (form.turn = e.target.value) })),
        h('label', {}, t('graceSeconds'), h('input', { type: 'number', inputmode: 'numeric', value: form.grace, placeholder: defaultClock ? String(defaultClock.grace_seconds) : '0', disabled: form.clockOff, 'data-testid': 'clock-grace', oninput: (e) => (form.grace = e.target.value) })),
        h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: form.clockOff, 'data-testid': 'clock-off', onchange: (e) => ((form.clockOff = e.target.checked), render()) }), ' ', t('clockOffSwitch')),
        defaultClock ? h('p', { class: 'muted note', 'data-testid': 'clock-default' }, t('clockDefault', { turn: defaultClock.turn_seconds, grace: defaultClock.grace_seconds })) : null,
        h('p', { class: 'muted note' }, t('clockNote')),
      ),
      h('label', { class: 'check', title: t('ratedNote') }, h('input', { type: 'checkbox', checked: form.rated, 'data-testid': 'rated-switch', onchange: (e) => (form.rated = e.target.checked) }), ' ', t('ratedSwitch')),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: form.hotseat, 'data-testid': 'hotseat', onchange: (e) => (form.hotseat = e.target.checked) }), ' ', t('hotseat')),
      h('details', { class: 'advanced-options' }, h('summary', {}, t('options')), h('textarea', { rows: 3, 'data-testid': 'options-input', placeholder: '{}', oninput: (e) => (form.options = e.target.value) }, form.options)),
      h('button', { type: 'button', class: 'primary', 'data-testid': 'create-table', onclick: create }, t('create')),
    );
  };

  const tableRow = (tb) => {
    const held = heldSeats(tb.id);
    const mine = Object.keys(held).length > 0;
    const actions = [];
    if (mine && tb.status !== 'finished') actions.push(h('a', { class: 'button primary', href: `/play/${tb.id}`, 'data-testid': 'continue' }, t('continue')));
    if (tb.status === 'waiting' && !mine) {
      tb.seats.forEach((s, i) => {
        if (s.kind === 'open') actions.push(h('a', { class: 'button', href: `/play/${tb.id}?join=${i}`, 'data-testid': `lobby-join-${i}` }, t('joinSeat', { n: i + 1 })));
      });
    }
    if (tb.status !== 'finished') actions.push(h('a', { class: 'button', href: `/watch/${tb.id}`, 'data-testid': 'watch' }, t('watch')));
    // A running game's replay follows it up to the present.
    if (tb.status !== 'waiting') actions.push(h('a', { class: 'button', href: `/replay/${tb.id}`, 'data-testid': 'replay' }, t('replay')));
    return h(
      'li',
      { class: 'table-row', 'data-testid': 'table-row', 'data-table': tb.id },
      h(
        'div',
        {},
        h('strong', {}, gameTitle(mods[tb.game], tb.game, L)),
        ' ',
        ruleSetLabel(tb),
        ' ', h('span', { class: `status ${tb.status}` }, t(`status_${tb.status}`)),
        // A finished table names who won (several for a shared victory).
        tb.result?.winners?.length ? [' ', h('span', { class: 'winner-of', 'data-testid': 'table-winner' }, t('wonBy', { who: tb.result.winners.map((w) => seatLabel(tb.seats[w], w)).join(', ') }))] : null,
        tb.rated ? [' ', h('span', { class: 'badge rated', 'data-testid': 'rated' }, t('rated'))] : null,
        tb.seed_chosen ? [' ', h('span', { class: 'badge seed-chosen', 'data-testid': 'seed-chosen', title: t('seedChosenNote') }, t('seedChosen'))] : null,
        ' ', h('small', { class: 'muted' }, tb.id)),
      h('div', { class: 'muted' }, tb.seats.map((s, i) => (s.kind === 'open' ? `${i + 1}. ${t('open')}` : `${i + 1}. ${seatLabel(s, i)}`)).join(' · ')),
      h('div', { class: 'row-actions' }, actions),
    );
  };

  /** The name of a listed table's rule set, for a game that has several. */
  const ruleSetLabel = (tb) => {
    const set = servedSets(tb.game)?.find((r) => r.id === tb.rules);
    return set ? h('span', { class: 'rule-set', 'data-testid': 'table-rules', 'data-rules': tb.rules }, L(set.name)) : null;
  };

  const listPanel = () =>
    h(
      'section',
      { class: 'panel tables', 'data-testid': 'table-list' },
      h('h2', {}, t('openTables'), ' ', h('button', { type: 'button', class: 'small', onclick: refresh }, t('refresh')), ' ', h('a', { class: 'button small', href: '/ratings', 'data-testid': 'leaderboard-link' }, t('leaderboard')), ' ', h('a', { class: 'button small', href: '/my-games', 'data-testid': 'my-games-link' }, t('myGames'))),
      tables.length ? h('ul', { class: 'table-rows' }, tables.map(tableRow)) : h('p', { class: 'muted' }, t('noTables')),
    );

  function render() {
    mount(root, h('div', { class: 'lobby', 'data-testid': 'lobby' }, createForm(), listPanel()));
  }

  async function refresh() {
    try {
      tables = (await api('GET', '/api/tables')).tables;
      const list = root.querySelector('[data-testid=table-list]');
      if (list) list.replaceWith(listPanel());
      else render();
    } catch {
      /* keep the last list; the next refresh tries again */
    }
  }

  render();
  await refresh();
  const timer = setInterval(refresh, 4000);
  const unlisten = onLangChange(render);
  return () => {
    clearInterval(timer);
    unlisten();
  };
}
