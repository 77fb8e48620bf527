// What every Parlance page shares: the API with its access token, and safe element builders.
// Every text is put in a page with textContent, never as HTML.
"use strict";

const Parlance = (() => {
  // The address `parlance serve` prints carries the token after "#token=": the fragment never reaches a
  // server, so it is taken into this browser's storage and removed from the address bar.
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (fragment.get("token")) {
    localStorage.setItem("parlance.token", fragment.get("token"));
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }

  function token() { return localStorage.getItem("parlance.token"); }

  // Asks for the access token with the page's dialog (#token-dialog), or a prompt where it has none.
  function askToken() {
    const dialog = document.getElementById("token-dialog");
    const input = document.getElementById("token");
    if (!dialog || !input) {
      const value = (window.prompt("Access token") || "").trim();
      if (value) localStorage.setItem("parlance.token", value);
      return Promise.resolve(Boolean(value));
    }
    return new Promise((resolve) => {
      input.value = "";
      dialog.addEventListener("close", () => {
        const value = input.value.trim();
        if (value) localStorage.setItem("parlance.token", value);
        resolve(Boolean(value));
      }, { once: true });
      dialog.showModal();
    });
  }

  // One API call; JSON in and out; an error carries the API's message, its code and the HTTP status (a page shows
  // its own words for them: the message is for developers).
  async function api(method, path, body) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const headers = { "Accept": "application/json" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (token()) headers["Authorization"] = "Bearer " + token();
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (response.status === 401) {
        localStorage.removeItem("parlance.token");
        if (await askToken()) continue;
      }
      const answer = response.status === 204 ? {} : await response.json().catch(() => ({}));
      if (!response.ok) {
        const error = new Error(answer.error ? answer.error.message : response.statusText);
        error.status = response.status;
        error.code = answer.error ? answer.error.code : undefined;
        throw error;
      }
      return answer;
    }
    throw new Error("The assistant cannot be reached; try again.");
  }

  function element(tag, className, content) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined && content !== null) node.textContent = content;
    return node;
  }

  // The app's icon: its initial on a colour of its own.
  function appIcon(name) {
    const icon = element("span", "icon", Array.from(name)[0] || "?");
    icon.setAttribute("aria-hidden", "true");
    let hash = 0;
    for (const character of name) hash = (hash * 31 + character.codePointAt(0)) >>> 0;
    icon.style.background = `hsl(${hash % 360} 55% 36%)`;
    return icon;
  }

  return { token, api, element, appIcon };
})();
