// What the winner screen shows besides the scores: each seat's points by
// source and a few statistics of the game, per game, computed from the final
// view and the table's event log (both from the server; no rule is decided
// here). Each function returns rows `{label, values}` with one value per
// seat; the points rows add up to the engine's score, and whatever the view
// does not show (CATAN's victory point cards, hidden until the end) is the
// score less the rows that it does show, named as such. A points row says
// "Punkte aus …/Points from …": "Städte 6" was read as six cities (issue 43).

const tr = (ctx, de, en) => (ctx.lang === 'en' ? en : de);
const count = (xs) => (Array.isArray(xs) ? xs.length : 0);
const sumValues = (o) => Object.values(o || {}).reduce((s, n) => s + (Number(n) || 0), 0);

/** Adds the row of points the listed rows do not explain (when there are any). */
function rest(rows, scores, de, en, ctx) {
  const shown = scores.map((_, i) => rows.reduce((s, r) => s + (r.values[i] || 0), 0));
  const left = scores.map((s, i) => s - shown[i]);
  if (left.some((x) => x !== 0)) rows.push({ label: tr(ctx, de, en), values: left });
  return rows;
}

const nonZero = (rows) => rows.filter((r) => r.values.some((v) => v));

/** CATAN (base game and Cities & Knights). */
export function catanPoints(view, result, ctx) {
  const ck = view.cities_knights;
  const seats = view.players.map((_, i) => i);
  const rows = [
    { label: tr(ctx, 'Punkte aus Siedlungen', 'Points from settlements'), values: view.players.map((p) => count(p.settlements)) },
    { label: tr(ctx, 'Punkte aus Städten', 'Points from cities'), values: view.players.map((p) => 2 * count(p.cities)) },
    { label: tr(ctx, 'Punkte aus der Längsten Handelsstraße', 'Points from the Longest Road'), values: seats.map((i) => (view.longest_road === i ? 2 : 0)) },
  ];
  if (ck) {
    const metros = (ck.metropolises || []).filter(Boolean);
    rows.push(
      { label: tr(ctx, 'Punkte aus Metropolen', 'Points from metropolises'), values: seats.map((i) => 2 * metros.filter((m) => m.seat === i).length) },
      { label: tr(ctx, 'Punkte als Retter Catans', 'Points as Defender of Catan'), values: seats.map((i) => ck.players[i]?.defenders || 0) },
      { label: tr(ctx, 'Punkte aus Siegpunkt-Fortschrittskarten', 'Points from victory point progress cards'), values: seats.map((i) => sumValues(ck.players[i]?.vp_cards)) },
      { label: tr(ctx, 'Punkte aus dem Händler', 'Points from the merchant'), values: seats.map((i) => (ck.merchant?.seat === i ? 1 : 0)) },
    );
  } else {
    rows.push({ label: tr(ctx, 'Punkte aus der Größten Rittermacht', 'Points from the Largest Army'), values: seats.map((i) => (view.largest_army === i ? 2 : 0)) });
  }
  return rest(nonZero(rows), result.scores, 'Punkte aus Siegpunktkarten', 'Points from victory point cards', ctx);
}

/** CATAN's statistics: the dice sums rolled, and what each seat received and gave away. */
export function catanStats(events, players, ctx) {
  const dice = new Array(13).fill(0);
  const got = new Array(players).fill(0);
  const robbed = new Array(players).fill(0);
  const built = new Array(players).fill(0);
  const traded = new Array(players).fill(0);
  for (const e of events) {
    switch (e?.type) {
      case 'rolled':
        if (e.dice) dice[e.dice.red + e.dice.yellow]++;
        break;
      case 'produced':
      case 'starting_resources':
        if (e.seat != null) got[e.seat] += sumValues(e.resources);
        break;
      case 'stolen':
        if (e.victim != null) robbed[e.victim]++;
        break;
      case 'built':
        if (e.seat != null) built[e.seat]++;
        break;
      // A trade counts for both partners; Cities & Knights trades with the bank as `bank_traded`.
      case 'traded':
        if (e.seat != null) traded[e.seat]++;
        if (e.with != null && e.with !== e.seat) traded[e.with]++;
        break;
      case 'maritime_traded':
      case 'bank_traded':
        if (e.seat != null) traded[e.seat]++;
        break;
      default:
        break;
    }
  }
  return {
    dice: { from: 2, counts: dice.slice(2) },
    rows: [
      { label: tr(ctx, 'Rohstoffe erhalten', 'Resources received'), values: got },
      { label: tr(ctx, 'Gebaut', 'Pieces built'), values: built },
      { label: tr(ctx, 'Handel', 'Trades'), values: traded },
      { label: tr(ctx, 'Beraubt worden', 'Robbed'), values: robbed },
    ],
  };
}

/** Splendor: prestige from cards and from nobles (3 each). */
export function splendorPoints(view, result, ctx) {
  const nobles = view.players.map((p) => 3 * count(p.nobles));
  const rows = [
    { label: tr(ctx, 'Punkte aus Karten', 'Points from cards'), values: view.players.map((p, i) => (p.points ?? result.scores[i]) - nobles[i]) },
    { label: tr(ctx, 'Punkte aus Adligen', 'Points from nobles'), values: nobles },
  ];
  return rest(rows, result.scores, 'Sonstige Punkte', 'Other points', ctx);
}

/** Splendor's statistics: cards bought and reserved, tokens taken. */
export function splendorStats(events, players, ctx) {
  const bought = new Array(players).fill(0);
  const reserved = new Array(players).fill(0);
  const tokens = new Array(players).fill(0);
  for (const e of events) {
    if (e?.seat == null || e.seat >= players) continue;
    if (e.type === 'bought') bought[e.seat]++;
    else if (e.type === 'reserved' || e.type === 'reserved_from_deck') reserved[e.seat]++;
    else if (e.type === 'took_tokens') tokens[e.seat] += sumValues(e.tokens);
  }
  return {
    dice: null,
    rows: [
      { label: tr(ctx, 'Karten gekauft', 'Cards bought'), values: bought },
      { label: tr(ctx, 'Karten reserviert', 'Cards reserved'), values: reserved },
      { label: tr(ctx, 'Steine genommen', 'Tokens taken'), values: tokens },
    ],
  };
}

/** Catan Junior: the score is the lairs on the board. */
export function juniorPoints(view, result, ctx) {
  const rows = [{ label: tr(ctx, 'Verstecke', 'Lairs'), values: view.seats.map((s) => count(s.lairs)) }];
  return rest(rows, result.scores, 'Sonstige', 'Other', ctx);
}

/** Catan Junior's statistics: the die, goods received, ships built. */
export function juniorStats(events, players, ctx) {
  const die = new Array(7).fill(0);
  const got = new Array(players).fill(0);
  const ships = new Array(players).fill(0);
  for (const e of events) {
    if (e?.type === 'rolled' && e.value >= 1 && e.value <= 6) die[e.value]++;
    else if (e?.type === 'received' && e.seat != null) got[e.seat] += sumValues(e.goods);
    else if (e?.type === 'built_ship' && e.seat != null) ships[e.seat]++;
  }
  return {
    dice: { from: 1, counts: die.slice(1) },
    rows: [
      { label: tr(ctx, 'Waren erhalten', 'Goods received'), values: got },
      { label: tr(ctx, 'Schiffe gebaut', 'Ships built'), values: ships },
    ],
  };
}
