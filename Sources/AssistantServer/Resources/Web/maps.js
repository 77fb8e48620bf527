// Parlance Maps: the same app extensions as the conversation, called with structured intents
// (POST /v1/intents/…): ride options from every ride app, a ride booked with the user's yes and followed;
// free tables at a restaurant, a table booked for the guest, my reservations.
"use strict";

const { api, element, appIcon } = Parlance;

// The map's own places (as a maps client has its own map data); restaurants name the app that books them.
const places = [
  { name: "Current Location", latitude: 52.5163, longitude: 13.3777 },
  { name: "Home", latitude: 52.51, longitude: 13.41 },
  { name: "Work", latitude: 52.52, longitude: 13.4 },
  { name: "Central Station", latitude: 52.525, longitude: 13.369 },
  { name: "Airport", latitude: 52.36, longitude: 13.5 },
  { name: "Banana Beach", latitude: 52.45, longitude: 13.2 },
  { name: "Jungle Gym", latitude: 52.49, longitude: 13.44 },
];
const restaurants = [
  { name: "Banana Bistro", id: "banana-bistro", vendor: "org.parlance.examples.monkeydine", latitude: 52.5208, longitude: 13.4094 },
  { name: "The Coconut Grove", id: "coconut-grove", vendor: "org.parlance.examples.monkeydine", latitude: 52.5069, longitude: 13.3326 },
  { name: "Mango Tango", id: "mango-tango", vendor: "org.parlance.examples.monkeydine", latitude: 52.4986, longitude: 13.4186 },
];

const $ = (id) => document.getElementById(id);
const statusLine = $("status");

function placemark(name) {
  const known = places.find((place) => place.name.toLowerCase() === name.trim().toLowerCase());
  return known ? { name: known.name, location: { latitude: known.latitude, longitude: known.longitude } } : { name: name.trim() };
}

function restaurantJSON(restaurant) {
  return { name: restaurant.name, location: { latitude: restaurant.latitude, longitude: restaurant.longitude },
           vendorIdentifier: restaurant.vendor, restaurantIdentifier: restaurant.id };
}

function intent(name, parameters, identifier) {
  const made = { intent: name, parameters };
  if (identifier) made.identifier = identifier;
  return made;
}

async function call(step, body) {
  const answer = await api("POST", `/v1/intents/${step}`, body);
  return answer.answers;
}

function money(amount, currency) {
  try {
    return new Intl.NumberFormat(document.documentElement.lang, { style: "currency", currency }).format(amount);
  } catch (error) {
    return `${amount} ${currency}`;
  }
}

function time(iso) {
  return new Date(iso).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
}

function appHeader(answer) {
  const header = element("div", "app");
  header.append(appIcon(answer.name), element("span", null, answer.name));
  return header;
}

function button(label, action, secondary) {
  const made = element("button", secondary ? "secondary" : null, label);
  made.type = "button";
  made.addEventListener("click", () => {
    action().catch((error) => { statusLine.textContent = error.message; });
  });
  return made;
}

// An app that has not been allowed: say so and offer to allow it (the user decides, as in the conversation).
function refusal(answer, again) {
  const box = element("div", "offer");
  box.append(appHeader(answer), element("p", "notice", answer.refused ? answer.refused.message : answer.error));
  if (answer.refused && answer.refused.code === "permissionNotDetermined") {
    box.append(button(`Allow ${answer.name}`, async () => {
      await api("PUT", `/v1/apps/${answer.app}/permission`, { permission: "allowed" });
      await again();
    }));
  }
  return box;
}

// ---- rides

// Each panel shows the answer to its latest question only: an answer that comes back after a newer question
// was asked (two quick clicks) is dropped, never drawn over the newer one.
const latest = {};
function ask(panel) {
  latest[panel] = (latest[panel] || 0) + 1;
  const asked = latest[panel];
  return () => latest[panel] === asked;
}

async function findRides() {
  const out = $("rides");
  const current = ask("rides");
  out.replaceChildren(element("p", "notice", "Asking every ride app…"));
  const trip = { pickupLocation: placemark($("pickup").value), dropOffLocation: placemark($("destination").value) };
  const answers = await call("handle", { intent: intent("INListRideOptionsIntent", trip) });
  if (!current()) return;
  out.replaceChildren();
  if (!answers.length) out.append(element("p", "notice", "No ride app is installed."));
  for (const answer of answers) {
    const options = answer.response && answer.response.properties && answer.response.properties.rideOptions;
    if (!options) { out.append(refusal(answer, findRides)); continue; }
    const box = element("div", "offer");
    box.dataset.app = answer.app;
    const table = element("table");
    const head = element("tr");
    for (const title of ["Ride", "Price", "Pickup", ""]) head.append(element("th", null, title));
    table.append(head);
    for (const option of options) {
      const row = element("tr");
      const price = option.priceRange
        ? `${money(option.priceRange.minimumPrice, option.priceRange.currencyCode)}–${money(option.priceRange.maximumPrice, option.priceRange.currencyCode)}`
        : "";
      const cell = element("td");
      cell.append(button(`Book ${option.name}`, () => bookRide(answer, option, trip)));
      row.append(element("td", null, option.name), element("td", null, price),
                 element("td", null, option.estimatedPickupDate ? time(option.estimatedPickupDate) : ""), cell);
      table.append(row);
    }
    box.append(appHeader(answer), table);
    out.append(box);
  }
}

async function bookRide(app, option, trip) {
  const out = $("rides");
  const request = intent("INRequestRideIntent", { ...trip, rideOptionName: { spokenPhrase: option.name } },
                         crypto.randomUUID ? crypto.randomUUID() : String(Date.now()));
  const [confirmation] = await call("confirm", { intent: request, app: app.app });
  const box = element("div", "offer");
  box.append(appHeader(app));
  const code = confirmation.response ? confirmation.response.code : (confirmation.notImplemented ? "ready" : null);
  if (code !== "ready" && code !== "success") {
    box.append(element("p", "problem", confirmation.refused ? confirmation.refused.message
      : confirmation.error || `${app.name} can't book this ride (${code}).`));
    out.replaceChildren(box);
    return;
  }
  box.append(element("p", null, `Book a ${option.name} to ${trip.dropOffLocation.name} with ${app.name}?`));
  box.append(button("Confirm ride", async () => {
    const [booked] = await call("handle", { intent: request, app: app.app, userConfirmed: true });
    const ride = booked.response && booked.response.properties && booked.response.properties.rideStatus;
    if (!ride) { box.replaceChildren(appHeader(app), element("p", "problem", booked.error || "The ride was not booked.")); return; }
    box.replaceChildren(appHeader(app), element("p", "ride-status", `Booked: ${ride.phase}`));
    followRide(app, box);
  }), button("Cancel", async () => { out.replaceChildren(); }, true));
  out.replaceChildren(box);
}

async function followRide(app, box) {
  for (let round = 0; round < 120; round++) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [answer] = await call("handle", { intent: intent("INGetRideStatusIntent", {}), app: app.app });
    const ride = answer.response && answer.response.properties && answer.response.properties.rideStatus;
    if (!ride) continue;
    const line = box.querySelector(".ride-status");
    const vehicle = ride.vehicle ? ` · ${ride.vehicle.manufacturer || ""} ${ride.vehicle.registrationPlate || ""}` : "";
    line.textContent = `Ride ${ride.phase}${vehicle}`;
    line.dataset.phase = ride.phase;
    if (ride.phase === "completed") return;
  }
}

// ---- tables

function chosenRestaurant() {
  return restaurants.find((restaurant) => restaurant.id === $("restaurant").value);
}

function preferredTime() {
  const day = new Date();
  day.setDate(day.getDate() + Number($("day").value));
  const [hour, minute] = $("time").value.split(":").map(Number);
  return { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate(), hour, minute };
}

async function findTables() {
  const out = $("tables");
  const current = ask("tables");
  const restaurant = chosenRestaurant();
  out.replaceChildren(element("p", "notice", `Asking ${restaurant.name}…`));
  const party = Number($("party").value);
  const [answer] = await call("handle", { app: restaurant.vendor, intent: intent("INGetAvailableRestaurantReservationBookingsIntent", {
    restaurant: restaurantJSON(restaurant), partySize: party, preferredBookingDateComponents: preferredTime(),
    maximumNumberOfResults: 6 }) });
  if (!current()) return;
  out.replaceChildren();
  const bookings = answer.response && answer.response.properties && answer.response.properties.availableBookings;
  if (!bookings) { out.append(refusal(answer, findTables)); return; }
  const box = element("div", "offer");
  box.append(appHeader(answer));
  if (!bookings.length) box.append(element("p", "notice", "No free table around that time."));
  const times = element("ul", "choices");
  times.setAttribute("aria-label", "Free tables");
  for (const booking of bookings) {
    const item = element("li");
    item.append(button(time(booking.bookingDate), () => guestForm(answer, restaurant, booking), true));
    times.append(item);
  }
  box.append(times);
  const terms = answer.response.properties.termsAndConditions;
  if (terms) box.append(element("p", "notice", terms.localizedTermsAndConditionsText));
  out.append(box);
}

async function guestForm(app, restaurant, booking) {
  const out = $("tables");
  const [answer] = await call("handle", { intent: intent("INGetRestaurantGuestIntent", {}), app: app.app });
  const guest = (answer.response && answer.response.properties && answer.response.properties.guest) || {};
  const name = guest.nameComponents ? [guest.nameComponents.givenName, guest.nameComponents.familyName].filter(Boolean).join(" ") : "";
  const form = element("form", "fields");
  const fields = {};
  for (const [key, label, value] of [["name", "Name", name], ["phone", "Phone", guest.phoneNumber || ""],
                                     ["email", "E-mail", guest.emailAddress || ""], ["request", "Special request", ""]]) {
    const input = element("input");
    input.id = `guest-${key}`;
    input.value = value;
    const caption = element("label", null, label);
    caption.htmlFor = input.id;
    form.append(caption, input);
    fields[key] = input;
  }
  const submit = element("button", null, `Book ${time(booking.bookingDate)}`);
  submit.type = "submit";
  form.append(submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    bookTable(app, restaurant, booking, fields).catch((error) => { statusLine.textContent = error.message; });
  });
  const box = element("div", "offer");
  box.append(appHeader(app), element("p", null, `${restaurant.name}, ${booking.partySize} guests, ${time(booking.bookingDate)}`), form);
  out.replaceChildren(box);
  fields.name.focus();
}

async function bookTable(app, restaurant, booking, fields) {
  const out = $("tables");
  const when = new Date(booking.bookingDate);
  const [given, ...family] = fields.name.value.trim().split(/\s+/);
  const guest = { nameComponents: { givenName: given || "", familyName: family.join(" ") },
                  phoneNumber: fields.phone.value.trim() || undefined, emailAddress: fields.email.value.trim() || undefined };
  const request = intent("INBookRestaurantReservationIntent", {
    restaurant: restaurantJSON(restaurant), partySize: booking.partySize, bookingIdentifier: booking.bookingIdentifier,
    bookingDateComponents: { year: when.getFullYear(), month: when.getMonth() + 1, day: when.getDate(),
                             hour: when.getHours(), minute: when.getMinutes() },
    guest, guestProvidedSpecialRequestText: fields.request.value.trim() || undefined,
  }, crypto.randomUUID ? crypto.randomUUID() : String(Date.now()));
  const [confirmation] = await call("confirm", { intent: request, app: app.app });
  const box = element("div", "offer");
  box.append(appHeader(app));
  const code = confirmation.response ? confirmation.response.code : null;
  if (code !== "success") {
    box.append(element("p", "problem", code === "denied" ? "That table has just been taken; choose another time."
      : confirmation.error || `${app.name} can't book it (${code}).`));
    out.replaceChildren(box);
    return;
  }
  box.append(element("p", null, `Book a table for ${booking.partySize} at ${restaurant.name} at ${time(booking.bookingDate)}?`));
  box.append(button("Confirm booking", async () => {
    const [booked] = await call("handle", { intent: request, app: app.app, userConfirmed: true });
    const made = booked.response && booked.response.properties && booked.response.properties.userBooking;
    box.replaceChildren(appHeader(app));
    if (!made) { box.append(element("p", "problem", booked.error || `${app.name} could not book it.`)); return; }
    const line = element("p", "booked", `Booked: ${made.restaurant.name}, ${made.partySize} guests, ${time(made.bookingDate)} (${made.status})`);
    box.append(line);
    if (made.advisementText) box.append(element("p", "notice", made.advisementText));
  }), button("Cancel", async () => { out.replaceChildren(); }, true));
  out.replaceChildren(box);
}

async function myReservations() {
  const out = $("reservations");
  const vendors = [...new Set(restaurants.map((restaurant) => restaurant.vendor))];
  const current = ask("reservations");
  const answers = [];
  for (const vendor of vendors) {
    answers.push((await call("handle", { intent: intent("INGetUserCurrentRestaurantReservationBookingsIntent", {}), app: vendor }))[0]);
  }
  if (!current()) return;
  out.replaceChildren();
  for (const answer of answers) {
    const bookings = answer.response && answer.response.properties && answer.response.properties.userCurrentBookings;
    if (!bookings) { out.append(refusal(answer, myReservations)); continue; }
    const box = element("div", "offer");
    box.append(appHeader(answer));
    const list = element("ul");
    for (const booking of bookings) {
      list.append(element("li", null, `${booking.restaurant.name}: ${booking.partySize} guests, `
        + `${new Date(booking.bookingDate).toLocaleString(document.documentElement.lang)} (${booking.status})`));
    }
    if (!bookings.length) list.append(element("li", "notice", "No reservations."));
    box.append(list);
    out.append(box);
  }
}

function fill() {
  for (const place of places) {
    const option = element("option", null, place.name);
    option.value = place.name;
    $("pickup").append(option);
    if (place.name !== "Current Location") $("place-names").append(element("option", null, place.name));
  }
  for (const restaurant of restaurants) {
    const option = element("option", null, restaurant.name);
    option.value = restaurant.id;
    $("restaurant").append(option);
  }
  for (let size = 1; size <= 8; size++) {
    const option = element("option", null, String(size));
    option.value = String(size);
    if (size === 2) option.selected = true;
    $("party").append(option);
  }
  for (let half = 22; half <= 44; half++) {
    const label = `${String(Math.floor(half / 2)).padStart(2, "0")}:${half % 2 ? "30" : "00"}`;
    const option = element("option", null, label);
    option.value = label;
    if (label === "19:00") option.selected = true;
    $("time").append(option);
  }
}

function guard(action) {
  return (event) => {
    if (event) event.preventDefault();
    statusLine.textContent = "";
    action().catch((error) => { statusLine.textContent = error.message; });
  };
}

fill();
$("ride-form").addEventListener("submit", guard(findRides));
$("table-form").addEventListener("submit", guard(findTables));
$("mine").addEventListener("click", guard(myReservations));
