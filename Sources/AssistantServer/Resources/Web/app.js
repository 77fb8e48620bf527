// The Parlance web page: one conversation over the HTTP API, its turns also heard on the WebSocket.
// Every text is put in the page with textContent, never as HTML (parlance.js builds the elements).
"use strict";

const words = {
  en: { talk: "Talk", stopTalking: "Stop", listening: "Listening… (press Stop or just pause)", notHeard: "I didn't catch that; try again.", noMicrophone: "The microphone could not be opened.",
        allow: "Allow", allowed: "Allowed", language: "Language", mode: "Mode", visual: "Visual", voice: "Voice", restart: "New conversation",
        yourRequest: "Your request", placeholder: "Send a MonkeyChat message to Bobo", send: "Send",
        discover: "What can you do?", discoverText: "what can you do?", yes: "Yes", no: "No", you: "You",
        assistant: "Parlance", conversation: "Conversation", tokenTitle: "Access token",
        tokenHelp: "This assistant asks for its access token. It is kept in this browser.", token: "Token", ok: "OK",
        thinking: "Parlance is answering…", offline: "The assistant cannot be reached; try again.",
        choices: "Choices", busy: "Parlance is still answering; try again in a moment.", failed: "Something went wrong in the assistant; try again.", tooLong: "That is too long; say it more briefly.", ended: "That conversation had ended, so a new one has begun." },
  de: { talk: "Sprechen", stopTalking: "Stopp", listening: "Ich höre zu… (Stopp drücken oder einfach pausieren)", notHeard: "Das habe ich nicht verstanden; noch einmal bitte.", noMicrophone: "Das Mikrofon konnte nicht geöffnet werden.",
        allow: "Erlauben:", allowed: "Erlaubt", language: "Sprache", mode: "Modus", visual: "Visuell", voice: "Sprache (gesprochen)", restart: "Neues Gespräch",
        yourRequest: "Deine Bitte", placeholder: "Schick Bobo eine Nachricht mit MonkeyChat", send: "Senden",
        discover: "Was kannst du?", discoverText: "was kannst du?", yes: "Ja", no: "Nein", you: "Du",
        assistant: "Parlance", conversation: "Gespräch", tokenTitle: "Zugangsschlüssel",
        tokenHelp: "Dieser Assistent verlangt seinen Zugangsschlüssel. Er bleibt in diesem Browser.", token: "Schlüssel",
        ok: "OK", thinking: "Parlance antwortet…", offline: "Der Assistent ist nicht erreichbar; versuch es noch einmal.",
        choices: "Auswahl", busy: "Parlance antwortet noch; versuch es gleich noch einmal.", failed: "Im Assistenten ist etwas schiefgegangen; versuch es noch einmal.", tooLong: "Das ist zu lang; sag es kürzer.", ended: "Das Gespräch war beendet, deshalb hat ein neues begonnen." },
  fr: { talk: "Parler", stopTalking: "Arrêter", listening: "J'écoute… (appuie sur Arrêter ou fais une pause)", notHeard: "Je n'ai pas compris ; réessaie.", noMicrophone: "Le micro n'a pas pu être ouvert.",
        allow: "Autoriser", allowed: "Autorisé", language: "Langue", mode: "Mode", visual: "Visuel", voice: "Vocal", restart: "Nouvelle conversation",
        yourRequest: "Ta demande", placeholder: "Envoie un message MonkeyChat à Bobo", send: "Envoyer",
        discover: "Que sais-tu faire ?", discoverText: "que sais-tu faire ?", yes: "Oui", no: "Non", you: "Toi",
        assistant: "Parlance", conversation: "Conversation", tokenTitle: "Jeton d'accès",
        tokenHelp: "Cet assistant demande son jeton d'accès. Il reste dans ce navigateur.", token: "Jeton", ok: "OK",
        thinking: "Parlance répond…", offline: "L'assistant est injoignable ; réessaie.", choices: "Choix", busy: "Parlance répond encore ; réessaie dans un instant.", failed: "Quelque chose s'est mal passé dans l'assistant ; réessaie.", tooLong: "C'est trop long ; dis-le plus brièvement.", ended: "Cette conversation était terminée, une nouvelle a commencé." },
  it: { talk: "Parla", stopTalking: "Stop", listening: "Ti ascolto… (premi Stop o fai una pausa)", notHeard: "Non ho capito; riprova.", noMicrophone: "Impossibile aprire il microfono.",
        allow: "Consenti", allowed: "Consentito", language: "Lingua", mode: "Modalità", visual: "Visiva", voice: "Vocale", restart: "Nuova conversazione",
        yourRequest: "La tua richiesta", placeholder: "Manda un messaggio MonkeyChat a Bobo", send: "Invia",
        discover: "Cosa sai fare?", discoverText: "cosa sai fare?", yes: "Sì", no: "No", you: "Tu",
        assistant: "Parlance", conversation: "Conversazione", tokenTitle: "Token di accesso",
        tokenHelp: "Questo assistente chiede il suo token di accesso. Resta in questo browser.", token: "Token", ok: "OK",
        thinking: "Parlance sta rispondendo…", offline: "L'assistente non è raggiungibile; riprova.", choices: "Scelte", busy: "Parlance sta ancora rispondendo; riprova tra un momento.", failed: "Qualcosa è andato storto nell'assistente; riprova.", tooLong: "È troppo lungo; dillo più brevemente.", ended: "Quella conversazione era finita, quindi ne è iniziata una nuova." },
  ja: { talk: "話す", stopTalking: "停止", listening: "聞いています…（停止を押すか、少し間を置いてください）", notHeard: "聞き取れませんでした。もう一度どうぞ。", noMicrophone: "マイクを開けませんでした。",
        allow: "許可:", allowed: "許可済み", language: "言語", mode: "モード", visual: "画面", voice: "音声", restart: "新しい会話",
        yourRequest: "リクエスト", placeholder: "MonkeyChatでボボにメッセージを送って", send: "送信",
        discover: "何ができる？", discoverText: "何ができる？", yes: "はい", no: "いいえ", you: "あなた",
        assistant: "Parlance", conversation: "会話", tokenTitle: "アクセストークン",
        tokenHelp: "このアシスタントにはアクセストークンが必要です。このブラウザに保存されます。", token: "トークン",
        ok: "OK", thinking: "Parlance が応答中…", offline: "アシスタントに接続できません。もう一度お試しください。",
        choices: "選択肢", busy: "Parlance はまだ応答中です。少し待ってからもう一度どうぞ。", failed: "アシスタントで問題が起きました。もう一度お試しください。", tooLong: "長すぎます。もっと短く言ってください。", ended: "その会話は終了していたので、新しい会話を始めました。" },
  zh: { talk: "说话", stopTalking: "停止", listening: "正在听…（按停止或稍作停顿）", notHeard: "没听清，请再说一遍。", noMicrophone: "无法打开麦克风。",
        allow: "允许", allowed: "已允许", language: "语言", mode: "模式", visual: "视觉", voice: "语音", restart: "新对话",
        yourRequest: "你的请求", placeholder: "用MonkeyChat给波波发消息", send: "发送",
        discover: "你能做什么？", discoverText: "你能做什么？", yes: "是", no: "不", you: "你",
        assistant: "Parlance", conversation: "对话", tokenTitle: "访问令牌",
        tokenHelp: "此助手需要访问令牌。它保存在此浏览器中。", token: "令牌", ok: "确定",
        thinking: "Parlance 正在回答…", offline: "无法连接助手，请重试。", choices: "选项", busy: "Parlance 还在回答，请稍后再试。", failed: "助手出了问题，请重试。", tooLong: "太长了，请说得简短些。", ended: "那个对话已经结束，已开始新的对话。" },
};

// Steps whose question is answered yes or no.
const yesNoSteps = (step) => step === "permission" || step === "confirmIntent" || step.startsWith("confirmValue:");

const page = {
  log: document.getElementById("log"),
  form: document.getElementById("composer"),
  input: document.getElementById("say"),
  send: document.getElementById("send"),
  discover: document.getElementById("discover"),
  status: document.getElementById("status"),
  language: document.getElementById("language"),
  mode: document.getElementById("mode"),
  restart: document.getElementById("restart"),
  talk: document.getElementById("talk"),
  voice: document.getElementById("voice"),
};

// `question`: the number of the question the page shows as waiting for an answer (null: none); what the user
// types or clicks names it, so an answer meant for an old question is never taken for a newer one.
const state = { id: null, shown: new Set(), socket: null, busy: false, lastSeq: 0, question: null,
                starting: Promise.resolve(), saying: Promise.resolve() };

function text(key) {
  return (words[page.language.value] || words.en)[key] || words.en[key] || key;
}

// A failure in plain words, never the API's own message (it is for developers).
function describeError(error) {
  if (!error || !error.status) return text("offline");
  if (error.status === 409) return text("busy");
  if (error.status === 413 || error.code === "textTooLong" || error.code === "tooLong") return text("tooLong");
  if (error.status === 404) return text("ended");
  return text("failed");
}

function translatePage() {
  document.documentElement.lang = page.language.value;
  for (const element of document.querySelectorAll("[data-text]")) element.textContent = text(element.dataset.text);
  for (const element of document.querySelectorAll("[data-placeholder]")) element.placeholder = text(element.dataset.placeholder);
  page.log.setAttribute("aria-label", text("conversation"));
}

const { token, api, element, appIcon } = Parlance;

// A question's choices answer it once, naming it (`question`): the click disables them all (a double click
// is not two answers), and enables them again if the answer could not be sent and the question still waits.
// A discovery's choices are requests (`question` undefined): they name the question waiting when clicked, as typing does.
function choiceButton(label, answer, question) {
  const button = element("button", "secondary", label);
  button.type = "button";
  button.addEventListener("click", async () => {
    const list = button.closest("ul");
    const isAnswer = question !== undefined;
    const choices = list && isAnswer ? [...list.querySelectorAll("button")] : [button];
    choices.forEach((choice) => { choice.disabled = true; });
    if (isAnswer) button.classList.add("chosen");
    const answered = await say(answer, isAnswer ? question : state.question);
    if (!answered && (!isAnswer || state.question === question)) {
      choices.forEach((choice) => { choice.disabled = false; });
      button.classList.remove("chosen");
    } else if (!isAnswer) {
      button.disabled = false;
    }
  });
  return button;
}

// Only the question waiting for an answer has usable choices: those of every earlier question are disabled.
function closeQuestions(except) {
  for (const list of page.log.querySelectorAll("ul.choices[data-question]")) {
    if (list === except) continue;
    list.querySelectorAll("button").forEach((button) => { button.disabled = true; });
    list.dataset.closed = "true";
  }
}

function renderCard(card, turn) {
  const box = element("div", "card card-" + card.style);
  if (card.title && card.title !== turn.app) box.append(element("h3", null, card.title));
  if (card.rows && card.rows.length) {
    const list = element("dl");
    for (const row of card.rows) list.append(element("dt", null, row.label), element("dd", null, row.value));
    box.append(list);
  }
  if (card.body && card.body !== turn.speech) box.append(element("p", "body", card.body));
  if (card.footer) box.append(element("p", "footer", card.footer));
  return box.childElementCount ? box : null;
}

// A denied app is allowed again with a button here (the terminal says `parlance apps allow ID`).
function allowButton(turn, item) {
  const label = `${text("allow")} ${turn.app}`;
  const button = element("button", "secondary", label);
  button.type = "button";
  button.addEventListener("click", async () => {
    try {
      const listing = await api("GET", `/v1/apps?language=${page.language.value}`);
      const app = listing.apps.find((candidate) => candidate.name === turn.app);
      if (!app) throw new Error(turn.app);
      await api("PUT", `/v1/apps/${encodeURIComponent(app.identifier)}/permission`, { permission: "allowed" });
      button.disabled = true;
      button.textContent = `${text("allowed")}: ${turn.app}`;
    } catch (error) {
      page.status.textContent = describeError(error);
    }
  });
  const list = element("ul", "choices");
  const entry = element("li");
  entry.append(button);
  list.append(entry);
  item.append(list);
}

function renderChoices(turn, item) {
  if (turn.step === "permissionDenied" && turn.app) {
    allowButton(turn, item);
    return;
  }
  const answers = [];
  if (turn.step === "discovery") {
    for (const option of turn.options) {
      const request = option.replace(/^[“"「«»\s]+|[”"」«»\s]+$/g, "");
      answers.push([request, request]);
    }
  } else if (turn.kind === "question" && turn.options.length) {
    turn.options.forEach((option) => answers.push([option, option]));
  } else if (turn.kind === "question" && yesNoSteps(turn.step)) {
    answers.push([text("yes"), text("yes").toLowerCase()], [text("no"), text("no").toLowerCase()]);
  }
  if (!answers.length) return;
  const list = element("ul", "choices");
  list.setAttribute("aria-label", text("choices"));
  const question = turn.kind === "question" ? (turn.questionNumber ?? null) : undefined;
  if (question !== undefined) list.dataset.question = String(question);
  for (const [label, answer] of answers) {
    const entry = element("li");
    entry.append(choiceButton(label, answer, question));
    list.append(entry);
  }
  item.append(list);
}

// Shows an assistant turn (once, by its number). A turn that is not progress ends the question before it:
// a question becomes the one waiting, anything else leaves none. `replaying`: shown again after a reload, not spoken.
function show(turn, replaying) {
  if (turn.seq !== undefined) {
    if (state.shown.has(turn.seq)) return;
    state.shown.add(turn.seq);
    state.lastSeq = Math.max(state.lastSeq, turn.seq);
  }
  if (turn.kind !== "progress") {
    closeQuestions(null);
    state.question = turn.kind === "question" ? (turn.questionNumber ?? null) : null;
  }
  const item = element("li", "turn " + turn.kind);
  item.dataset.step = turn.step;
  const speaker = element("span", "hidden", (turn.app || text("assistant")) + ": ");
  item.append(speaker);
  if (turn.app) {
    const header = element("div", "app");
    header.append(appIcon(turn.app), element("span", null, turn.app));
    item.append(header);
  }
  item.append(element("p", "speech", turn.speech));
  const card = turn.card && renderCard(turn.card, turn);
  if (card) item.append(card);
  renderChoices(turn, item);
  page.log.append(item);
  item.scrollIntoView({ block: "end" });
  if (!replaying && page.mode.value === "voice" && turn.kind !== "progress") speak(turn.speech);
}

// The whole conversation again (after a reload): what the user said between the assistant's turns, and only the
// waiting question's choices usable.
function replay(conversation) {
  const said = [...(conversation.said || [])];
  for (const turn of conversation.turns) {
    while (said.length && said[0].after < turn.seq) showMine(said.shift().text);
    show(turn, true);
  }
  said.forEach((entry) => showMine(entry.text));
  const waiting = conversation.pendingQuestion ?? null;
  const lists = [...page.log.querySelectorAll("ul.choices[data-question]")];
  const current = lists.filter((list) => waiting !== null && list.dataset.question === String(waiting)).pop();
  closeQuestions(current || null);
  state.question = waiting;
}

// What the server offers: languages it hears (push-to-talk) and speaks (answers in voice mode).
const speechOffer = { recognition: [], voices: [] };
const voiceQueue = [];
let voiceBusy = false;

async function loadSpeech() {
  try { Object.assign(speechOffer, await api("GET", "/v1/speech")); } catch (error) { /* typing still works */ }
  updateTalk();
}

function updateTalk() {
  const canListen = speechOffer.recognition.includes(page.language.value)
    && Boolean(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
  page.talk.hidden = !canListen;
  page.talk.textContent = talking.socket ? text("stopTalking") : text("talk");
  page.talk.setAttribute("aria-pressed", talking.socket ? "true" : "false");
}

// Answers are spoken in order: by the server's voice where it has one for the language, else the browser's.
function speak(words) {
  if (!speechOffer.voices.includes(page.language.value)) {
    browserSpeak(words);
    return;
  }
  voiceQueue.push({ words, language: page.language.value });
  playNext();
}

function browserSpeak(words) {
  if (!window.speechSynthesis) return;
  const utterance = new SpeechSynthesisUtterance(words);
  utterance.lang = page.language.value;
  window.speechSynthesis.speak(utterance);
}

async function playNext() {
  if (voiceBusy || !voiceQueue.length) return;
  voiceBusy = true;
  const next = voiceQueue.shift();
  try {
    const headers = { "Content-Type": "application/json" };
    if (token()) headers["Authorization"] = "Bearer " + token();
    const response = await fetch("/v1/speech/synthesize", {
      method: "POST", headers, body: JSON.stringify({ text: next.words, language: next.language }) });
    if (!response.ok) throw new Error(response.statusText);
    const address = URL.createObjectURL(await response.blob());
    page.voice.src = address;
    page.voice.dataset.said = next.words;
    await new Promise((resolve) => {
      page.voice.onended = resolve;
      page.voice.onerror = resolve;
      page.voice.play().catch(resolve);
    });
    URL.revokeObjectURL(address);
  } catch (error) {
    browserSpeak(next.words);
  }
  voiceBusy = false;
  playNext();
}

// Push-to-talk: the microphone's audio goes to the server as 16-bit samples over a WebSocket; the server
// hears the end of the request by itself (or Stop is pressed), says what it heard, then the answer.
const talking = { socket: null, stream: null, context: null, processor: null };

function releaseMicrophone() {
  if (talking.processor) talking.processor.disconnect();
  if (talking.stream) talking.stream.getTracks().forEach((track) => track.stop());
  if (talking.context) talking.context.close().catch(() => {});
  Object.assign(talking, { stream: null, context: null, processor: null });
}

async function talk() {
  if (talking.socket) {
    if (talking.socket.readyState === WebSocket.OPEN) talking.socket.send(JSON.stringify({ type: "stop" }));
    releaseMicrophone();
    return;
  }
  if (state.busy) return;
  await state.starting;
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    page.status.textContent = text("noMicrophone");
    return;
  }
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(4096, 1, 1);
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  let url = `${scheme}//${location.host}/v1/conversations/${state.id}/speech`;
  if (token()) url += "?token=" + encodeURIComponent(token());
  const socket = new WebSocket(url);
  Object.assign(talking, { socket, stream, context, processor });
  // Recording starts at once: what is said while the socket opens waits here, then goes first.
  const waiting = [];
  processor.onaudioprocess = (event) => {
    if (talking.socket !== socket || !talking.stream) return;
    const input = event.inputBuffer.getChannelData(0);
    const samples = new Int16Array(input.length);
    for (let index = 0; index < input.length; index++) {
      samples[index] = Math.max(-32768, Math.min(32767, Math.round(input[index] * 32767)));
    }
    if (socket.readyState === WebSocket.OPEN) socket.send(samples.buffer);
    else if (socket.readyState === WebSocket.CONNECTING) waiting.push(samples.buffer);
  };
  source.connect(processor);
  processor.connect(context.destination);
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "start", rate: context.sampleRate }));
    waiting.splice(0).forEach((buffer) => socket.send(buffer));
  });
  socket.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch (error) { return; }
    if (message.type === "heard") {
      releaseMicrophone();
      if (message.text) {
        showMine(message.text);
        setBusy(true);
      } else {
        page.status.textContent = text("notHeard");
        socket.close();
      }
    } else if (message.type === "turns") {
      message.turns.forEach((turn) => show(turn));
      setBusy(false);
      socket.close();
    } else if (message.type === "error") {
      releaseMicrophone();
      setBusy(false);
      page.status.textContent = message.code === "conflict" ? text("busy")
        : message.code === "notFound" ? text("ended") : message.code === "internal" ? text("failed") : text("notHeard");
      socket.close();
    }
  });
  socket.addEventListener("close", () => {
    releaseMicrophone();
    if (talking.socket === socket) talking.socket = null;
    updateTalk();
  });
  updateTalk();
  page.status.textContent = text("listening");
}

function showMine(words) {
  const item = element("li", "turn mine");
  item.append(element("span", "hidden", text("you") + ": "), element("p", "speech", words));
  page.log.append(item);
  item.scrollIntoView({ block: "end" });
}

// While an answer is on its way the page says so; Send and the choices stay usable (what is said waits its turn).
function setBusy(busy) {
  state.busy = busy;
  page.status.textContent = busy ? text("thinking") : "";
}

function listen() {
  if (state.socket) state.socket.close();
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  let url = `${scheme}//${location.host}/v1/conversations/${state.id}/events?after=${state.lastSeq}`;
  if (token()) url += "&token=" + encodeURIComponent(token());
  const socket = new WebSocket(url);
  const id = state.id;
  socket.addEventListener("message", (event) => {
    try { show(JSON.parse(event.data)); } catch (error) { console.warn("unreadable event", error); }
  });
  socket.addEventListener("close", () => {
    if (state.socket === socket && state.id === id) setTimeout(() => { if (state.socket === socket) listen(); }, 2000);
  });
  state.socket = socket;
}

// Starts (or picks up) the conversation; what is said meanwhile waits for it.
function begin(fresh) {
  state.starting = start(fresh).catch((error) => { page.status.textContent = describeError(error); });
  return state.starting;
}

async function start(fresh) {
  const saved = sessionStorage.getItem("parlance.conversation");
  if (!fresh && saved) {
    try {
      const conversation = await api("GET", `/v1/conversations/${saved}`);
      if (conversation.language) page.language.value = conversation.language;
      page.mode.value = conversation.mode;
      translatePage();
      state.id = conversation.id;
      replay(conversation);
      listen();
      return;
    } catch (error) {
      if (error.status !== 404) { page.status.textContent = describeError(error); return; }
    }
  }
  if (state.id) api("DELETE", `/v1/conversations/${state.id}`).catch(() => {});
  state.shown.clear();
  state.lastSeq = 0;
  state.question = null;
  page.log.replaceChildren();
  const conversation = await api("POST", "/v1/conversations", { language: page.language.value, mode: page.mode.value });
  state.id = conversation.id;
  sessionStorage.setItem("parlance.conversation", state.id);
  listen();
}

// What is said while an answer is on its way waits for it, then goes in order: a question shown by the
// event stream can be answered (a click) before the request that asked it has returned.
// `question`: the question the words were said at (null: none), which the server checks is still the one waiting.
// Returns whether the assistant answered.
async function say(words, question) {
  const said = words.trim();
  if (!said) return false;
  showMine(said);
  const turn = state.saying.then(() => sendTurn(said, question ?? null));
  state.saying = turn;
  const answered = await turn;
  page.input.focus();
  return answered;
}

async function sendTurn(said, question) {
  setBusy(true);
  await state.starting;
  try {
    const body = question === null ? { text: said } : { text: said, answering: question };
    const answer = await api("POST", `/v1/conversations/${state.id}/turns`, body);
    answer.turns.forEach((turn) => show(turn));
    setBusy(false);
    return true;
  } catch (error) {
    setBusy(false);
    // In plain words; a request that never reached the assistant (no status) is "cannot be reached".
    page.status.textContent = describeError(error);
    if (error.status === 404) await begin(true);
    return false;
  }
}

page.form.addEventListener("submit", (event) => {
  event.preventDefault();
  const words = page.input.value;
  page.input.value = "";
  say(words, state.question);
});
page.discover.addEventListener("click", () => say(text("discoverText"), state.question));
page.restart.addEventListener("click", () => begin(true));
page.talk.addEventListener("click", () => talk());
for (const select of [page.language, page.mode]) {
  select.addEventListener("change", () => {
    localStorage.setItem("parlance." + select.id, select.value);
    translatePage();
    updateTalk();
    begin(true);
  });
}

const query = new URLSearchParams(location.search);
const preferredLanguage = query.get("language") || localStorage.getItem("parlance.language")
  || (navigator.language || "en").slice(0, 2);
if (words[preferredLanguage]) page.language.value = preferredLanguage;
const preferredMode = query.get("mode") || localStorage.getItem("parlance.mode");
if (preferredMode === "voice" || preferredMode === "visual") page.mode.value = preferredMode;
translatePage();
loadSpeech();
// A language or mode in the address starts a new conversation once; taken out of the address, a reload picks the
// conversation up again.
const chosen = query.has("language") || query.has("mode");
if (chosen) {
  localStorage.setItem("parlance.language", page.language.value);
  localStorage.setItem("parlance.mode", page.mode.value);
  query.delete("language");
  query.delete("mode");
  history.replaceState(null, "", location.pathname + (query.toString() ? "?" + query : "") + location.hash);
}
begin(chosen);
page.input.focus();
