// The phone page of one seat: draws the model the table sends and sends back the id of
// one of the actions it offered.  No build step, no library: plain DOM, text only through
// textContent (names come from players).  Protocol: game/remote/protocol.py.
// Two layouts: Star Realms' model (hand, pools, trade row, targets) and the "list" layout
// every other game sends (Arcs, Forbidden Stars): its words per language — the hand,
// sections of facts, the other seats, the log — and its legal actions as labelled
// buttons, grouped by kind when there are many (docs/remote.md).
"use strict";

(() => {
  const PROTOCOL = 1;
  // The page's own words; the game's words (cards, log, prompts) come with each model.
  const WORDS = {
    en: {
      connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…",
      closed: "The table closed this game.", replaced: "This seat was opened on another page.",
      your_turn: "Your turn!", waiting: "Waiting for {name}", game_over: "Game over",
      winner: "Winner: {names}", draw: "No winner",
      hand: "Your hand", in_play: "In play", bases: "Your bases", heroes: "Your heroes", trade_row: "Trade row",
      opponents: "Other players", log: "Log", explorer: "Explorer", buy: "Buy {n}",
      play: "Play", attack_target: "Attack {name}", base_of: "{card} ({name})",
      hand_count: "hand {n}", deck_count: "deck {n}", discard_count: "discard {n}",
      empty: "—", you: "you", question: "Question", more: "Other actions",
      defense: "defense {n}", amount: "Amount", trade_deck: "trade deck {n}",
      err_not_legal: "That is not possible now.", err_stale: "The table moved on: try again.",
      err_rejected: "The table refused that move.", err_throttled: "Too fast: wait a moment.",
      err_other: "The table did not understand the page ({code}).",
      forbidden: "This link is not a seat of the game on the table.",
      actions: "Your move", none_now: "Nothing to do until your turn.",
      board: "The board", board_hint: "Pinch or double-tap the board to zoom.",
    },
    ru: {
      connecting: "Подключение…", reconnecting: "Связь потеряна, переподключение…",
      closed: "Стол закрыл эту партию.", replaced: "Это место открыто на другой странице.",
      your_turn: "Ваш ход!", waiting: "Ждём: {name}", game_over: "Партия окончена",
      winner: "Победа: {names}", draw: "Без победителя",
      hand: "Ваша рука", in_play: "В игре", bases: "Ваши базы", heroes: "Ваши герои", trade_row: "Торговый ряд",
      opponents: "Другие игроки", log: "Журнал", explorer: "Разведчик", buy: "Купить {n}",
      play: "Сыграть", attack_target: "Атаковать: {name}", base_of: "{card} ({name})",
      hand_count: "рука {n}", deck_count: "колода {n}", discard_count: "сброс {n}",
      empty: "—", you: "вы", question: "Вопрос", more: "Другие действия",
      defense: "защита {n}", amount: "Сколько", trade_deck: "торговая колода {n}",
      err_not_legal: "Сейчас так нельзя.", err_stale: "На столе уже другое: попробуйте снова.",
      err_rejected: "Стол отклонил этот ход.", err_throttled: "Слишком быстро: подождите.",
      err_other: "Стол не понял страницу ({code}).",
      forbidden: "Эта ссылка не ведёт к месту в партии на столе.",
      actions: "Ваш ход", none_now: "До вашего хода действий нет.",
      board: "Игровое поле", board_hint: "Сведите пальцы или коснитесь поля дважды, чтобы увеличить.",
    },
  };
  const $ = (id) => document.getElementById(id);
  const stored = (() => { try { return localStorage.getItem("lang"); } catch (e) { return null; } })();
  let lang = WORDS[stored] ? stored : ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
  let socket = null, msg = null, rev = -1, sent = false, retry = 0, closedForGood = false;
  let wasMyTurn = false, playingAll = false, toastTimer = 0;
  // An amount the player stepped to, by attack (id head) and the most it allowed then:
  // once more combat comes in, the target starts again at the most it may take.
  const amounts = {};
  let confirmEnd = false;  // End turn tapped while it would waste something: asking

  const fill = (s, params) => s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  const w = (key, params = {}) => fill(WORDS[lang][key] || WORDS.en[key] || key, params);
  const text = () => (msg && msg.model.text && msg.model.text[lang]) || { cards: {}, strings: {}, log: [], reasons: {} };
  const s = (key) => text().strings[key] || key;

  function el(tag, cls, content) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }

  // ------------------------------------------------------------------ connection

  function connect() {
    const path = location.pathname.replace(/\/+$/, "");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    setConn("connecting");
    socket = new WebSocket(`${scheme}//${location.host}${path}/ws`);
    socket.onopen = () => { retry = 0; setConn("on"); };
    socket.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      if (!m || m.v !== PROTOCOL) return;
      receive(m);
    };
    socket.onclose = () => {
      socket = null;
      if (closedForGood) return;
      setConn("off");
      // Back off: 0.5 s, 1 s, 2 s … up to 10 s (a locked phone wakes up to a quick retry).
      const delay = Math.min(10000, 500 * 2 ** retry) * (0.8 + Math.random() * 0.4);
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, delay);
    };
  }

  function setConn(state) {
    $("conn").className = "dot " + state;
    if (state !== "on" && !msg) $("hello").textContent = w(state === "off" ? "reconnecting" : "connecting");
    if (state === "off" && msg) toast(w("reconnecting"));
  }

  function receive(m) {
    if (m.t === "state") {
      msg = m; rev = m.rev; sent = false;
      render();
      continuePlayAll();
    } else if (m.t === "accepted") {
      document.body.classList.add("busy");
    } else if (m.t === "error") {
      sent = false; playingAll = false;
      document.body.classList.remove("busy");
      const known = { not_legal: 1, stale: 1, rejected: 1, throttled: 1 };
      toast(known[m.code] ? w("err_" + m.code) : w("err_other", { code: m.code }));
    } else if (m.t === "board") {
      boardSeen(m.version);
    } else if (m.t === "bye") {
      closedForGood = true;
      setConn("off");
      showBanner(w(m.reason === "replaced" ? "replaced" : "closed"), "over");
    }
  }

  function send(id) {
    if (!id || sent || !socket || socket.readyState !== WebSocket.OPEN) return;
    sent = true;
    document.body.classList.add("busy");
    socket.send(JSON.stringify({ v: PROTOCOL, t: "act", rev: rev, id: id }));
  }

  // ------------------------------------------------------------------ helpers

  function faceKey(card) {
    const id = card.copy_of || card.id, up = card.copy_of ? card.copy_upgrade : card.upgrade;
    return up ? `${id}|${up}` : id;
  }
  const cardWords = (card) => text().cards[faceKey(card)] || { name: card.id, lines: [] };
  const cardName = (card) => cardWords(card).name;
  const seatName = (seat) => {
    const st = msg.model.seats[seat];
    return st ? st.name : String(seat);
  };

  function cardTile(card, opts = {}) {
    const tile = el(opts.action ? "button" : "div", "card " + (card.factions[0] || "unaligned"));
    if (opts.action) { tile.type = "button"; tile.dataset.action = opts.action; }
    const head = el("div", "card-head");
    head.append(el("span", "card-name", cardName(card)));
    if (opts.price !== undefined) head.append(el("span", "cost", String(opts.price)));
    tile.append(head);
    const meta = [card.factions.map((f) => s("faction." + f)).join(" / "), s("kind." + (card.outpost ? "outpost" : card.type))];
    if (card.type === "base") meta.push(w("defense", { n: card.remaining >= 0 ? `${card.remaining}/${card.defense}` : card.defense }));
    tile.append(el("div", "card-meta", meta.filter(Boolean).join(" · ")));
    for (const [label, line] of cardWords(card).lines) {
      const p = el("div", "card-line");
      p.append(el("b", "", label + ": "), document.createTextNode(line));
      tile.append(p);
    }
    if (opts.verb) tile.append(el("div", "verb", opts.verb));
    return tile;
  }

  function section(title, cls) {
    const sec = el("section", cls || "");
    if (title) sec.append(el("h2", "", title));
    return sec;
  }

  function bigButton(label, id, cls) {
    const b = el("button", "big " + (cls || ""), label);
    b.type = "button";
    b.dataset.action = id || "";
    b.disabled = !id;
    return b;
  }

  // ------------------------------------------------------------------ drawing

  // ------------------------------------------------------------------ the board picture

  // The headless host sends no big screen: it draws the public board and says each new
  // picture's version in a "board" frame; the page shows it at the top of the list layout
  // (GET <seat>/board.png, never cached), zoomable by pinch or double tap.
  const ZOOM_MAX = 4;
  let boardVersion = 0, boardShown = "", boardBox = null, boardZoom = 1;

  function boardSeen(version) {
    if (!Number.isInteger(version) || version <= boardVersion) return;
    boardVersion = version;
    placeBoard();
  }

  function boardUrl() {
    const path = location.pathname.replace(/\/+$/, "");
    return `${path}/board.png?v=${boardVersion}&lang=${lang}`;
  }

  // The same box across redraws (its zoom and scroll stay); a new picture replaces the
  // old one only once it is decoded, so the board never blinks.
  function placeBoard() {
    if (!boardVersion || !msg || msg.model.layout !== "list") return;
    if (!boardBox) boardBox = makeBoardBox();
    const main = $("main");
    if (main.firstChild !== boardBox) main.prepend(boardBox);
    boardBox.querySelector(".board-hint").textContent = w("board_hint");
    const url = boardUrl();
    if (url === boardShown) return;
    boardShown = url;
    const img = new Image();
    img.className = "board-img";
    img.alt = w("board");
    img.draggable = false;
    img.style.width = `${boardZoom * 100}%`;
    img.src = url;
    img.decode().then(() => {
      if (boardShown !== url) return;  // a newer one is on its way
      const old = boardBox.querySelector(".board-img");
      if (old) old.replaceWith(img); else boardBox.querySelector(".board-view").append(img);
      boardBox.dataset.version = String(boardVersion);
    }, () => { if (boardShown === url) boardShown = ""; });  // fetch it again next time
  }

  function zoomBoard(view, zoom, cx, cy) {
    // keep the picture's point under (cx, cy) — view coordinates — where it is
    const next = Math.min(ZOOM_MAX, Math.max(1, zoom));
    const k = next / boardZoom;
    const x = (view.scrollLeft + cx) * k - cx, y = (view.scrollTop + cy) * k - cy;
    boardZoom = next;
    const img = view.querySelector(".board-img");
    if (img) img.style.width = `${next * 100}%`;
    view.scrollLeft = x;
    view.scrollTop = y;
  }

  function makeBoardBox() {
    const box = el("section", "board");
    const view = el("div", "board-view");
    box.append(view, el("p", "muted board-hint", w("board_hint")));
    let pinch = null;
    const spread = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    const centre = (t) => {
      const r = view.getBoundingClientRect();
      return [(t[0].clientX + t[1].clientX) / 2 - r.left, (t[0].clientY + t[1].clientY) / 2 - r.top];
    };
    view.addEventListener("touchstart", (ev) => {
      if (ev.touches.length === 2) pinch = { d: spread(ev.touches), z: boardZoom };
    }, { passive: true });
    view.addEventListener("touchmove", (ev) => {
      if (!pinch || ev.touches.length !== 2) return;
      ev.preventDefault();  // the picture zooms, not the page
      const [cx, cy] = centre(ev.touches);
      zoomBoard(view, pinch.z * spread(ev.touches) / Math.max(1, pinch.d), cx, cy);
    }, { passive: false });
    view.addEventListener("touchend", (ev) => { if (ev.touches.length < 2) pinch = null; });
    view.addEventListener("dblclick", (ev) => {
      const r = view.getBoundingClientRect();
      zoomBoard(view, boardZoom > 1 ? 1 : 2.5, ev.clientX - r.left, ev.clientY - r.top);
    });
    return box;
  }

  // ------------------------------------------------------------------ the list layout

  const GROUP_AT = 10;  // more actions than this: grouped by kind, each group folded

  // Whose turn, for both layouts: a notice, and a buzz when it becomes this seat's.
  function turnBanner(m, acting, names) {
    const myTurn = !m.over && acting === m.viewer;
    if (m.over) {
      showBanner(`${w("game_over")} · ${names ? w("winner", { names }) : w("draw")}`, "over");
    } else if (myTurn) {
      showBanner(w("your_turn"), "mine");
      // A buzz needs a tap on the page first (browsers block it before).
      const tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (!wasMyTurn && navigator.vibrate && tapped) navigator.vibrate([120, 60, 120]);
    } else {
      showBanner(w("waiting", { name: seatName(acting) }), "");
    }
    wasMyTurn = myTurn;
  }

  function renderList() {
    const m = msg.model, words = text();
    document.documentElement.lang = lang;
    document.title = words.title || document.title;
    $("lang").textContent = lang === "en" ? "RU" : "EN";
    $("me").textContent = seatName(m.viewer);
    $("pools").replaceChildren(el("span", "status", words.status || ""));
    const main = $("main");
    main.replaceChildren();
    document.body.classList.remove("busy");
    turnBanner(m, m.acting, m.winners.map(seatName).join(", "));
    placeBoard();

    // What the seat may do, first (under the board's picture, when the host sends one).
    const labels = words.actions || {};
    const acts = el("section", "question acts");
    acts.append(el("h2", "", words.prompt || w("actions")));
    if (!m.actions.length) acts.append(el("p", "muted", w("none_now")));
    const groups = [];
    const byKind = {};
    for (const a of m.actions) {
      if (!(a.group in byKind)) { byKind[a.group] = []; groups.push(byKind[a.group]); }
      byKind[a.group].push(a);
    }
    for (const group of groups) {
      const buttons = group.map((a) => bigButton(labels[a.id] || a.id, a.id, "act"));
      if (m.actions.length <= GROUP_AT || group.length === 1) {
        acts.append(...buttons);
        continue;
      }
      const fold = el("details", "group");
      const first = labels[group[0].id] || group[0].group;
      fold.append(el("summary", "", `${first.split(" ")[0]}… (${group.length})`), ...buttons);
      acts.append(fold);
    }
    if (m.actions.length || !m.over) main.append(acts);

    // The hand.
    const hand = section(words.hand_title || w("hand"), "hand");
    const row = el("div", "cards");
    for (const c of words.hand || []) {
      // a tone colours the card's edge (an Arcs suit); only known names become classes
      const tone = /^[a-z_]{1,24}$/.test(c.tone || "") ? " tone-" + c.tone : "";
      const tile = el("div", "card" + tone);
      tile.append(el("div", "card-name", c.name));
      for (const line of c.lines || []) tile.append(el("div", "card-line", line));
      row.append(tile);
    }
    if (!(words.hand || []).length) row.append(el("p", "muted", w("empty")));
    hand.append(row);
    main.append(hand);

    for (const sec of words.sections || []) {
      const box = section(sec.title, "facts");
      for (const line of sec.rows || []) box.append(el("div", "fact", line));
      main.append(box);
    }

    const others = section(w("opponents"), "others");
    for (const st of m.seats) {
      if (st.seat === m.viewer) continue;
      const rows = (words.others || {})[String(st.seat)] || [st.name];
      const box = el("div", "seat" + (st.acting ? " acting" : ""));
      box.append(el("div", "seat-head", rows[0]));
      for (const line of rows.slice(1)) box.append(el("div", "small", line));
      others.append(box);
    }
    main.append(others);

    const log = section(w("log"), "log");
    const ol = el("ol");
    for (const line of (words.log || []).slice().reverse()) ol.append(el("li", "", line));
    log.append(ol);
    main.append(log);
  }

  function render() {
    const m = msg.model;
    if (m.layout === "list") { renderList(); return; }
    const me = m.seats[m.viewer];
    document.documentElement.lang = lang;
    $("lang").textContent = lang === "en" ? "RU" : "EN";
    $("me").textContent = me.name;
    const pools = $("pools");
    pools.replaceChildren(
      pool("authority", me.authority), pool("trade", m.pools.spend_trade),
      pool("combat", m.pools.spend_combat));
    const offered = new Set(m.actions.map((a) => a.id));
    const shown = new Set();
    const mark = (id) => { if (id) shown.add(id); return id; };
    const main = $("main");
    main.replaceChildren();
    document.body.classList.remove("busy");

    // Whose turn: a notice (and a buzz) when it becomes this seat's.
    turnBanner(m, m.acting, m.winners.map(seatName).join(", "));

    // The pending question first: it blocks everything else.
    if (m.question) {
      const q = m.question, sec = section(text().prompt || w("question"), "question");
      const opts = text().options || {};
      const list = el("div", "choices");
      for (const c of q.candidates) {
        if (c.card) list.append(cardTile(c.card, { action: mark(c.action) }));
        else list.append(bigButton(opts[c.action] || c.action, mark(c.action)));
      }
      sec.append(list);
      if (q.stop) sec.append(bigButton(q.optional ? s("prompt.skip") : s("prompt.done"), mark(q.stop), "quiet"));
      main.append(sec);
    }

    // End turn would leave trade, combat, cards or abilities unused: ask first, as the
    // table does (the words and the rule come with the model: end_turn.py).
    const endLines = text().end_confirm || [];
    if (!offered.has("end_turn") || !endLines.length) confirmEnd = false;
    if (confirmEnd) {
      const sec = section(endLines[0], "question confirm-end");
      for (const line of endLines.slice(1)) sec.append(el("p", "waste", line));
      const yes = bigButton(s("table.end_turn"), mark("end_turn"), "end");
      yes.dataset.confirmed = "1";
      sec.append(yes, bigButton(s("table.cancel"), "cancel-end", "quiet"));
      main.append(sec);
    }

    // The turn's buttons.
    const plays = me.hand.map((c) => `play:c${c.iid}`).filter((id) => offered.has(id));
    if (offered.size) {
      const bar = el("div", "turn-buttons");
      const playAll = bigButton(s("table.play_all"), plays.length ? "play-all" : "", "play-all");
      bar.append(playAll);
      bar.append(bigButton(s("table.attack_all"), mark(m.attack_all), "attack"));
      bar.append(bigButton(s("table.end_turn"), mark(offered.has("end_turn") ? "end_turn" : ""), "end"));
      main.append(bar);
    }

    // Hand.
    const hand = section(w("hand"), "hand");
    hand.append(el("p", "muted piles", [w("deck_count", { n: me.deck_count }),
      w("discard_count", { n: me.discard.length })].join(" · ")));
    const row = el("div", "cards");
    for (const c of me.hand) {
      const id = `play:c${c.iid}`;
      row.append(cardTile(c, offered.has(id) ? { action: mark(id), verb: w("play") } : {}));
    }
    if (!me.hand.length) row.append(el("p", "muted", w("empty")));
    hand.append(row);
    main.append(hand);

    // My cards in play and bases, with their abilities to use.
    const chips = {};
    for (const c of m.chips) (chips[c.card] = chips[c.card] || []).push(c);
    const field = [[w("bases"), me.bases], [w("heroes"), me.heroes || []], [w("in_play"), me.in_play]];
    for (const [title, cards] of field) {
      if (!cards.length) continue;
      const sec = section(title, "field"), list = el("div", "cards");
      for (const c of cards) {
        const tile = cardTile(c);
        for (const chip of chips[c.iid] || []) {
          if (!chip.action || !offered.has(chip.action)) continue;
          const b = bigButton(s("slot." + chip.slot), mark(chip.action), "chip " + chip.slot);
          tile.append(b);
        }
        list.append(tile);
      }
      sec.append(list);
      main.append(sec);
    }

    // My missions (United) and gambits (the Gambit set): each readable card, with its
    // "Reveal" button while the model offers it (the engine decides when).
    const dealt = [];
    if (me.missions) {
      dealt.push([s("missions.title"), me.missions.cards.map((c) => [c, `claim:c${c.iid}`, s("missions.claim")])
        .concat(me.missions.done.map((c) => [c, "", s("missions.done")]))]);
    }
    if (me.gambits) {
      dealt.push([s("gambits.title"), me.gambits.cards.map((c) => [c, `gambit:c${c.iid}`, s("gambits.reveal")])
        .concat(me.gambits.up.map((c) => [c, "", s("gambits.up")]))]);
    }
    for (const [title, rows] of dealt) {
      if (!rows.length) continue;
      const sec = section(title, "dealt"), list = el("div", "cards");
      for (const [c, id, verb] of rows) {
        const ok = id && offered.has(id);
        const tile = cardTile(c, ok ? { action: mark(id), verb } : (id ? {} : { verb }));
        if (!ok && id) tile.classList.add("dim");
        list.append(tile);
      }
      sec.append(list);
      main.append(sec);
    }

    // Attack targets: each legal one with its amount.
    const targets = m.targets.filter((t) => t.legal && t.action);
    if (targets.length) {
      const sec = section(s("table.attack"), "targets");
      for (const t of targets) {
        const head = t.action.replace(/:x\d+$/, ""), key = `${head}/${t.max}`;
        const amount = Math.min(t.max, Math.max(t.min, amounts[key] ?? t.max));
        const name = t.kind === "player" ? seatName(t.seat)
          : w("base_of", { card: baseName(m, t.card), name: seatName(t.seat) });
        const line = el("div", "target");
        const go = bigButton(`${w("attack_target", { name })} · ${amount}`, mark(t.action), "attack");
        go.dataset.action = `${head}:x${amount}`;
        line.append(go);
        if (t.max > t.min) {
          const minus = el("button", "step", "−"), plus = el("button", "step", "+");
          minus.type = plus.type = "button";
          minus.setAttribute("aria-label", w("amount") + " −");
          plus.setAttribute("aria-label", w("amount") + " +");
          minus.onclick = () => { amounts[key] = Math.max(t.min, amount - 1); render(); };
          plus.onclick = () => { amounts[key] = Math.min(t.max, amount + 1); render(); };
          line.append(minus, plus);
        }
        sec.append(line);
      }
      main.append(sec);
    }

    // Trade row (and the Explorer), with prices.
    const trade = section(w("trade_row"), "trade");
    const list = el("div", "cards");
    const buyTile = (card, extraClass) => {
      const id = `buy:c${card.iid}`;
      const ok = offered.has(id);
      // (an event, Crisis, is never bought: no price on it)
      const price = card.type === "event" ? undefined : card.price;
      const tile = cardTile(card, ok ? { action: mark(id), price: card.price, verb: w("buy", { n: card.price }) }
        : { price });
      if (extraClass) tile.classList.add(extraClass);
      if (!ok) tile.classList.add("dim");
      return tile;
    };
    for (const slot of m.supply.trade_row) if (slot.card) list.append(buyTile(slot.card));
    if (m.supply.explorer) list.append(buyTile(m.supply.explorer, "explorer"));
    trade.append(list);
    trade.append(el("p", "muted", w("trade_deck", { n: m.supply.trade_deck_count })));
    main.append(trade);

    // Everyone else: public facts only.
    const others = section(w("opponents"), "others");
    for (const st of m.seats) {
      if (st.seat === m.viewer) continue;
      const box = el("div", "seat" + (st.acting ? " acting" : "") + (st.alive ? "" : " out"));
      const head = el("div", "seat-head");
      head.append(el("span", "seat-name", st.name));
      if (st.shows_authority) head.append(pill("authority", st.authority, s("resource.authority")));
      box.append(head);
      box.append(el("div", "muted", [w("hand_count", { n: st.hand_count }), w("deck_count", { n: st.deck_count }),
        w("discard_count", { n: st.discard.length })].join(" · ")));
      if (st.hand_visible && st.hand.length) box.append(el("div", "small", st.hand.map(cardName).join(", ")));
      const field = st.bases.concat(st.heroes || [], st.in_play);
      if (field.length) box.append(el("div", "small", field.map(cardName).join(", ")));
      for (const line of (text().dealt || {})[st.seat] || []) box.append(el("div", "small", line));
      others.append(box);
    }
    main.append(others);

    // Whatever legal action was not drawn above still gets a button.
    const rest = m.actions.filter((a) => !shown.has(a.id) && !a.id.startsWith("play:"));
    if (rest.length) {
      const sec = section(w("more"), "more");
      for (const a of rest) sec.append(bigButton(actionLabel(m, a), a.id, "quiet"));
      main.append(sec);
    }

    const log = section(w("log"), "log");
    const ol = el("ol");
    for (const line of text().log.slice().reverse()) ol.append(el("li", "", line));
    log.append(ol);
    main.append(log);
  }

  function baseName(m, iid) {
    for (const st of m.seats) for (const b of st.bases) if (b.iid === iid) return cardName(b);
    return String(iid);
  }

  function actionLabel(m, a) {
    const cards = [];
    for (const st of m.seats) cards.push(...st.hand, ...st.in_play, ...st.bases, ...st.discard);
    const card = cards.find((c) => c.iid === a.card);
    const slot = a.slot ? ` · ${s("slot." + a.slot)}` : "";
    return card ? `${cardName(card)}${slot}` : a.id;
  }

  function pill(kind, value, title) {
    const p = el("span", "pill " + kind, String(value));
    p.title = title;
    p.setAttribute("aria-label", `${title} ${value}`);
    return p;
  }

  function pool(kind, value) {
    const box = el("span", "pool", s("resource." + kind));
    box.append(pill(kind, value, s("resource." + kind)));
    return box;
  }

  function showBanner(textValue, cls) {
    const b = $("banner");
    b.hidden = false;
    b.className = cls;
    b.textContent = textValue;
  }

  function toast(textValue) {
    const t = $("toast");
    t.textContent = textValue;
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, 2500);
  }

  // "Play all": one card per model, as the table does, until a question comes up.
  function continuePlayAll() {
    if (!playingAll) return;
    const m = msg.model;
    const ids = new Set(m.actions.map((a) => a.id));
    const next = m.question ? null : m.seats[m.viewer].hand.map((c) => `play:c${c.iid}`).find((id) => ids.has(id));
    if (next) send(next); else playingAll = false;
  }

  document.addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-action]");
    if (!b || b.disabled || !b.dataset.action || !msg) return;
    if (b.dataset.action === "play-all") { playingAll = true; continuePlayAll(); return; }
    if (b.dataset.action === "cancel-end") { confirmEnd = false; render(); return; }
    if (b.dataset.action === "end_turn" && !b.dataset.confirmed && (text().end_confirm || []).length) {
      confirmEnd = true;  // the question is drawn first, at the top of the page
      render();
      window.scrollTo(0, 0);
      return;
    }
    confirmEnd = false;
    send(b.dataset.action);
  });
  $("lang").addEventListener("click", () => {
    lang = lang === "en" ? "ru" : "en";
    try { localStorage.setItem("lang", lang); } catch (e) { /* private mode */ }
    if (msg) render(); else setConn(socket ? "connecting" : "off");
  });
  connect();
})();
