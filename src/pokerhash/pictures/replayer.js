// The hand replayer: draws the state of the chosen step of the chosen hand. The states
// were computed by pokerhash (pokerhash.pictures.frames); this script only shows them.
"use strict";
(function () {
  const hands = JSON.parse(document.getElementById("hand-data").textContent);
  const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  const $ = (id) => document.getElementById(id);
  let handIndex = 0, stepIndex = 0;

  function money(hand, chips) {
    if (!hand.decimals) return String(chips);
    const sign = chips < 0 ? "-" : "", text = String(Math.abs(chips)).padStart(hand.decimals + 1, "0");
    return sign + text.slice(0, -hand.decimals) + "." + text.slice(-hand.decimals);
  }
  // A step's text: amounts in the hand's unit; face-down cards ([[As Kd]]) hidden
  // unless "show hole cards" is on, or the hand has reached the step showing them.
  function shownBy(hand, upTo) {
    const shown = new Set();
    hand.steps[upTo].cards.forEach((held) => held.forEach((card) => { if (card[2]) shown.add(card[0]); }));
    return shown;
  }
  function words(hand, text, shown) {
    const reveal = $("reveal").checked;
    return text.replace(/\{(-?\d+)\}/g, (_, n) => money(hand, Number(n)))
      .replace(/\[\[([^\]]*)\]\]/g, (_, cards) => cards.split(" ").map(
        (card) => (reveal || shown.has(card)) && card !== "??" ? card : "??").join(" "));
  }
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  // A card: [text, face up, shown, discarded]; face down unless up, shown or revealed.
  function card(entry, reveal) {
    const [text, up, shown, discarded] = entry;
    const visible = text !== "??" && (up || shown || reveal);
    const node = el("span", "card");
    node.dataset.card = visible ? text : "??";
    if (!visible) { node.classList.add("back"); node.title = "face down"; }
    else {
      node.classList.add(text[1]);
      node.appendChild(el("span", "rank", text[0] === "T" ? "10" : text[0]));
      node.appendChild(el("span", "suit", SUITS[text[1]]));
      node.title = text + (up ? " (face up)" : shown ? " (shown)" : " (face down)");
      if (!up && !shown) node.classList.add("down-seen");
    }
    if (up) node.classList.add("up");
    if (discarded) { node.classList.add("discarded"); node.title += ", discarded"; }
    return node;
  }

  function position(i, n) {
    // Seats around the oval, the first (left of the button) at the bottom left, clockwise.
    const angle = Math.PI / 2 + (2 * Math.PI * (i + 0.5)) / n;
    return [50 + 47 * Math.cos(angle), 50 + 50 * Math.sin(angle), 50 + 30 * Math.cos(angle), 50 + 30 * Math.sin(angle)];
  }

  function drawList() {
    const list = $("hand-list");
    list.textContent = "";
    hands.forEach((hand, k) => {
      const item = el("li"), button = el("button", "", hand.title);
      button.onclick = () => show(k, 0);
      if (k === handIndex) button.setAttribute("aria-current", "true");
      item.appendChild(button);
      list.appendChild(item);
    });
    $("hands").hidden = hands.length < 2;
  }

  function drawLog(hand, shown) {
    const list = $("steps");
    list.textContent = "";
    let street = null;
    hand.steps.forEach((step, k) => {
      if (step.street !== street && k > 0) { street = step.street; list.appendChild(el("li", "street", street)); }
      const item = el("li", k === stepIndex ? "current" : "", words(hand, step.text, shown));
      item.onclick = () => show(handIndex, k);
      list.appendChild(item);
    });
    const current = list.querySelector(".current");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }

  function draw() {
    const hand = hands[handIndex], step = hand.steps[stepIndex], reveal = $("reveal").checked;
    document.body.dataset.hand = String(handIndex + 1);
    document.body.dataset.step = String(stepIndex);
    $("title").textContent = hand.title;
    $("note").textContent = hand.note ? "Note: " + hand.note : "";
    $("street").textContent = step.street;
    $("pot").textContent = "Pot " + money(hand, step.pot);
    $("pot").dataset.pot = String(step.pot);
    const boards = $("boards");
    boards.textContent = "";
    step.boards.forEach((cards, run) => {
      const row = el("div", "board");
      row.id = "board-" + run;
      row.dataset.cards = cards.join(" ");
      cards.forEach((text) => row.appendChild(card([text, false, true, false], reveal)));
      boards.appendChild(row);
    });
    const felt = $("felt");
    felt.querySelectorAll(".seat, .bet").forEach((node) => node.remove());
    const n = hand.seats.length;
    hand.seats.forEach((seat, i) => {
      const [x, y, bx, by] = position(i, n);
      const box = el("div", "seat");
      box.style.left = x + "%"; box.style.top = y + "%";
      box.dataset.seat = String(seat);
      box.dataset.stack = String(step.stacks[i]);
      box.dataset.bet = String(step.bets[i]);
      box.dataset.won = String(step.won[i]);
      box.dataset.folded = String(step.folded[i]);
      const name = el("div", "name", hand.names[i]);
      if (seat === hand.button) name.appendChild(el("span", "button-chip", "D"));
      box.appendChild(name);
      const cards = el("div", "cards");
      step.cards[i].forEach((entry) => cards.appendChild(card(entry, reveal)));
      box.dataset.cards = Array.from(cards.children, (node) => node.dataset.card).join(" ");
      box.appendChild(cards);
      box.appendChild(el("div", "stack", money(hand, step.stacks[i])));
      if (step.won[i]) box.appendChild(el("div", "won", "won " + money(hand, step.won[i])));
      if (step.folded[i]) box.classList.add("folded");
      if (step.actor === i) box.classList.add("actor");
      felt.appendChild(box);
      if (step.bets[i]) {
        const bet = el("div", "bet", money(hand, step.bets[i]));
        bet.style.left = bx + "%"; bet.style.top = by + "%";
        bet.dataset.seat = String(seat);
        felt.appendChild(bet);
      }
    });
    const shown = shownBy(hand, stepIndex);
    $("narration").textContent = words(hand, step.text, shown);
    const slider = $("slider");
    slider.max = String(hand.steps.length - 1);
    slider.value = String(stepIndex);
    $("position").textContent = "step " + stepIndex + " of " + (hand.steps.length - 1);
    drawLog(hand, shown);
  }

  function show(hand, step) {
    const changed = hand !== handIndex;
    handIndex = Math.max(0, Math.min(hands.length - 1, hand));
    stepIndex = Math.max(0, Math.min(hands[handIndex].steps.length - 1, step));
    if (changed) drawList();
    draw();
    const fragment = "#hand=" + (handIndex + 1) + "&step=" + stepIndex;
    if (window.history && window.history.replaceState && location.hash !== fragment) {
      try { window.history.replaceState(null, "", fragment); } catch (error) { /* file: URLs in some browsers */ }
    }
  }

  // The hand and step to open at: #hand=2&step=5 or ?hand=2&step=5 (hands count from 1,
  // steps from 0, the table before the first event; step=last is the end).
  function requested() {
    const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
    const hand = Math.max(1, parseInt(params.get("hand") || "1", 10) || 1) - 1;
    const wanted = params.get("step");
    const last = hands[Math.min(hand, hands.length - 1)].steps.length - 1;
    const step = wanted === "last" ? last : parseInt(wanted || "0", 10) || 0;
    return [hand, step];
  }

  $("first").onclick = () => show(handIndex, 0);
  $("back").onclick = () => show(handIndex, stepIndex - 1);
  $("forward").onclick = () => show(handIndex, stepIndex + 1);
  $("last").onclick = () => show(handIndex, hands[handIndex].steps.length - 1);
  $("slider").oninput = (event) => show(handIndex, Number(event.target.value));
  $("reveal").onchange = draw;
  document.addEventListener("keydown", (event) => {
    if (event.target && event.target.tagName === "INPUT" && event.target.type !== "range") return;
    const moves = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0],
                    PageDown: [1, 0], PageUp: [-1, 0] };
    if (event.key in moves) {
      const [dh, ds] = moves[event.key];
      if (dh) show(handIndex + dh, 0); else show(handIndex, stepIndex + ds);
      event.preventDefault();
    } else if (event.key === "Home") { show(handIndex, 0); event.preventDefault(); }
    else if (event.key === "End") { show(handIndex, hands[handIndex].steps.length - 1); event.preventDefault(); }
  });
  window.addEventListener("hashchange", () => { const [h, s] = requested(); show(h, s); });
  const [h, s] = requested();
  handIndex = -1;
  show(h, s);
})();
