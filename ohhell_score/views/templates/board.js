(function () {
  var body = document.body, banner = document.getElementById("lost");
  var said = banner.textContent, wait = 1000;
  function lost(why) { banner.textContent = why || said; body.classList.add("lost"); }
  function found() { body.classList.remove("lost"); wait = 1000; }
  /* Every <main> put in is counted (body's data-drawn, read by the entry's script too):
     a page asked for before the last one was put in may be older than it, and is
     dropped, so an answer that comes late never shows a phone a state gone by. */
  function drawn() { return body.dataset.drawn || "0"; }
  function put(fresh) {
    body.dataset.drawn = String(Number(drawn()) + 1);
    document.querySelector("main").replaceWith(fresh);
  }
  function refresh() {
    var asked = drawn();
    fetch(location.href, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw r.status; }
      return r.text();
    }).then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("main");
      if (fresh && drawn() === asked) { put(fresh); found(); }
    }).catch(function () { lost(); });
  }
  function show(data) {
    // A player's own page (/p/NAME) is drawn for that player: asked for again.
    if (location.pathname.indexOf("/p/") === 0) { refresh(); return; }
    var fresh = document.createElement("main");
    fresh.innerHTML = JSON.parse(data).main;
    put(fresh);
  }
  function again(least) {
    var next = Math.max(wait, least || 0);
    wait = Math.min(wait * 2, 30000);
    setTimeout(follow, next / 2 + Math.random() * next / 2);
  }
  function follow() {
    var stop = new AbortController(), quiet;
    function awake() {
      clearTimeout(quiet);
      quiet = setTimeout(function () { stop.abort(); }, 40000);
    }
    awake();
    /* The page's own stream: a tournament's table (/t/GAME/) has its own, beside it. */
    var stream = location.pathname.indexOf("/t/") === 0
      ? new URL("events?page", location.href) : "/events?page";
    fetch(stream, {cache: "no-store", signal: stop.signal}).then(function (r) {
      if (!r.ok) {
        var after = 1000 * (parseInt(r.headers.get("Retry-After"), 10) || 0);
        return r.text().then(function (why) {
          clearTimeout(quiet);
          lost(r.status === 503 && why);
          again(after);
        });
      }
      var reader = r.body.getReader(), text = new TextDecoder(), buffer = "";
      function read() {
        return reader.read().then(function (part) {
          if (part.done) { throw new Error("ended"); }
          awake();
          buffer += text.decode(part.value, {stream: true});
          var events = buffer.split("\n\n");
          buffer = events.pop();
          events.forEach(function (event) {
            var data = event.split("\n").filter(function (line) {
              return line.indexOf("data: ") === 0;
            }).map(function (line) { return line.slice(6); }).join("\n");
            if (data) { show(data); found(); }
          });
          return read();
        });
      }
      return read();
    }).catch(function () { clearTimeout(quiet); lost(); again(); });
  }
  follow();
  // How long since each table's last entry grows with no event: drawn again each minute.
  setInterval(function () { if (document.querySelector(".since")) { refresh(); } }, 60000);
})();

/* Entering from this phone (a board started with --entry): the code once, then the
   controls of the step the game waits for, which the server draws in <main> for every
   phone alike. Each entry names the version of the game the phone saw; the server
   saves it, holds it for another phone to confirm, or says why not in one line. */
(function () {
  var body = document.body;
  if (body.dataset.entry === undefined) { return; }
  body.classList.add("scripted");
  var words = JSON.parse(document.getElementById("words").textContent);
  var said = document.getElementById("said");
  var typed = {hand: "", values: {}};
  var heldAt = body.dataset.heldHere ? version() : null;
  var busy = false, armed = null;

  function entry() { return document.querySelector("main .entry"); }
  function version() { var e = entry(); return e ? e.getAttribute("data-version") : ""; }
  function say(text) { said.textContent = text || ""; }
  function tag(r) { return (r.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, ""); }

  /* The page again, at once (after an entry, or when the game changed under the
     phone): its <main>, and whether the tricks held now were entered on this phone. */
  function reload() {
    var asked = body.dataset.drawn || "0";
    return fetch(location.href, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw r.status; }
      return r.text();
    }).then(function (text) {
      if ((body.dataset.drawn || "0") !== asked) { return; }  /* an event came: as new */
      var doc = new DOMParser().parseFromString(text, "text/html");
      var fresh = doc.querySelector("main");
      if (doc.body.dataset.heldHere) {
        var e = fresh && fresh.querySelector(".entry");
        heldAt = e ? e.getAttribute("data-version") : null;
      }
      if (fresh) {
        body.dataset.drawn = String(Number(asked) + 1);
        document.querySelector("main").replaceWith(fresh);
      }
    });
  }

  function send(what) {
    if (busy) { return; }
    busy = true;
    var asked = {version: version()};
    Object.keys(what).forEach(function (key) { asked[key] = what[key]; });
    fetch("entry", {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify(asked),
      cache: "no-store"
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (answer) {
        busy = false;
        if (r.status === 200 || r.status === 202) {
          say("");
          if (r.status === 202) { heldAt = tag(r); }
          return reload();
        }
        if (r.status === 409) { say(words.changed); return reload(); }
        if (r.status === 401) {  /* the board forgot this phone: the code again */
          body.dataset.entry = "code";
          body.classList.replace("entry-entered", "entry-code");
        }
        say(answer.error || r.status + " " + r.statusText);
      });
    }).catch(function () { busy = false; say(words.unsent); });
  }

  /* The tricks: a stepper a player; the last one left is filled in with what the
     others leave, the total is said against the hand's cards, and "Score the hand"
     shows only when they add up. */
  function tally() {
    var box = document.querySelector("main .tricks");
    if (!box) { return null; }
    var cards = parseInt(box.getAttribute("data-cards"), 10), sum = 0, open = [];
    var rows = Array.prototype.slice.call(box.querySelectorAll(".stepper"));
    rows.forEach(function (row) {
      var v = typed.values[row.getAttribute("data-player")];
      if (v === undefined) { open.push(row); } else { sum += v; }
    });
    var last = open.length === 1 && sum <= cards ? open[0] : null;
    var tricks = {};
    rows.forEach(function (row) {
      var who = row.getAttribute("data-player"), v = typed.values[who];
      if (row === last) { v = cards - sum; }
      row.classList.toggle("auto", row === last);
      row.querySelector("output").textContent = v === undefined ? "·" : v;
      tricks[who] = v;
    });
    var total = last ? cards : sum;
    var line = box.querySelector(".sum");
    line.textContent = words.sum.replace("{sum}", total).replace("{cards}", cards);
    line.classList.toggle("off", total !== cards);
    var whole = (open.length === 0 || last) && total === cards;
    box.querySelector(".score").hidden = !whole;
    return whole ? tricks : null;
  }

  function step(row, by) {
    var who = row.getAttribute("data-player");
    var now = typed.values[who];
    if (now === undefined && row.classList.contains("auto")) {
      now = parseInt(row.querySelector("output").textContent, 10);
    }
    var cards = parseInt(row.parentNode.getAttribute("data-cards"), 10);
    typed.values[who] = Math.max(0, Math.min(cards, now === undefined ? (by > 0 ? 1 : 0) : now + by));
    tally();
  }

  function disarm() {
    if (armed) { armed.textContent = armed.getAttribute("data-said"); armed.classList.remove("armed"); }
    armed = null;
  }

  /* A new <main> (an event, or this phone's own entry): what was typed for the same
     hand's tricks stays, anything else starts afresh. */
  function fresh() {
    var e = entry();
    var hand = e ? e.getAttribute("data-step") + e.getAttribute("data-hand") : "";
    if (hand !== typed.hand) { typed = {hand: hand, values: {}}; }
    body.classList.toggle("held-here", heldAt !== null && heldAt === version());
    armed = null;
    tally();
  }
  new MutationObserver(fresh).observe(body, {childList: true});
  fresh();

  document.addEventListener("click", function (event) {
    var button = event.target.closest("main .entry button");
    if (!button || button.disabled) { return; }
    if (button.classList.contains("less") || button.classList.contains("more")) {
      step(button.parentNode, button.classList.contains("more") ? 1 : -1);
      return;
    }
    if (button.classList.contains("score")) {
      var tricks = tally();
      if (tricks) { send({tricks: tricks}); }
      return;
    }
    var what = JSON.parse(button.getAttribute("data-send"));
    if (button.hasAttribute("data-again") && armed !== button) {
      disarm();  /* the first tap asks for a second, which undoes */
      armed = button;
      button.setAttribute("data-said", button.textContent);
      button.textContent = button.getAttribute("data-again");
      button.classList.add("armed");
      setTimeout(function () { if (armed === button) { disarm(); } }, 4000);
      return;
    }
    disarm();
    send(what);
  });

  /* The code, asked once: sent as JSON; the answer's page is the table's. */
  document.addEventListener("submit", function (event) {
    var form = event.target.closest(".enter form");
    if (!form) { return; }
    event.preventDefault();
    fetch("/enter", {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({code: form.querySelector("input").value.trim()})
    }).then(function (r) {
      if (r.ok) { location.assign(r.url); return; }
      return r.json().catch(function () { return {}; }).then(function (answer) {
        say(answer.error || r.status + " " + r.statusText);
      });
    }).catch(function () { say(words.unsent); });
  });
})();
