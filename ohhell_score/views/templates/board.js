(function () {
  var source, body = document.body;
  function lost() { body.classList.add("lost"); }
  function found() { body.classList.remove("lost"); }
  function refresh() {
    fetch(location.href, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw r.status; }
      return r.text();
    }).then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("main");
      if (fresh) { document.querySelector("main").replaceWith(fresh); found(); }
    }).catch(lost);
  }
  function connect() {
    source = new EventSource("/events");
    source.onopen = found;
    source.onmessage = refresh;
    source.onerror = function () {
      lost();
      if (source.readyState === 2) { source.close(); setTimeout(connect, 3000); }
    };
  }
  connect();
})();
