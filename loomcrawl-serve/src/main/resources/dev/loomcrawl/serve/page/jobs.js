// The jobs page: lists the server's jobs with their progress (asked for every second), and starts a crawl with
// the form, through the server's own API. Everything a job says is set as text, never as markup.
"use strict";

const keyField = document.getElementById("key");
keyField.value = sessionStorage.getItem("loomcrawl-key") || "";

function headers() {
  const h = { "Content-Type": "application/json" };
  const key = keyField.value.trim();
  if (key) h["Authorization"] = "Bearer " + key;
  return h;
}

function say(text, error, where) {
  const m = document.getElementById(where || "message");
  m.textContent = text;
  m.className = error ? "error" : "";
}

function cell(row, text, className) {
  const td = row.insertCell();
  if (text instanceof Node) td.appendChild(text); else td.textContent = text;
  if (className) td.className = className;
  return td;
}

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

function render(jobs) {
  const body = document.querySelector("#jobs tbody");
  const rows = jobs.map(job => {
    const tr = document.createElement("tr");
    tr.dataset.id = job.id;
    tr.dataset.status = job.status;
    cell(tr, new Date(job.createdAt).toLocaleString());
    cell(tr, job.kind === "batch" ? "batch scrape" : job.kind === "native" ? "crawl (native API)" : "crawl");
    cell(tr, job.url, "url");
    const status = cell(tr, job.status + (job.error ? ": " + job.error : ""), "status status-" + job.status);
    status.dataset.status = job.status;
    const pages = document.createElement("span");
    pages.textContent = job.completed + (job.status === "scraping" ? " of " + job.total : "");
    const td = cell(tr, pages, "pages");
    if (job.status === "scraping") {
      const p = document.createElement("progress");
      p.max = Math.max(job.total, 1);
      p.value = job.completed;
      td.append(" ", p);
    }
    const links = document.createElement("span");
    links.append(link(job.links.results, job.kind === "native" ? "status and files" : "documents"));
    if (job.links.errors) links.append(" · ", link(job.links.errors, "errors"));
    if (job.cancel) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cancel";
      button.textContent = "Cancel";
      button.addEventListener("click", () => cancel(job, button));
      links.append(" ", button);
    }
    cell(tr, links, "links");
    return tr;
  });
  body.replaceChildren(...rows);
  document.getElementById("empty").hidden = jobs.length > 0;
}

async function cancel(job, button) {
  button.disabled = true;
  try {
    const r = await fetch(job.cancel.url, { method: job.cancel.method, headers: headers() });
    const answer = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(answer.error || ("HTTP " + r.status));
    say("Cancelled job " + job.id + ".");
    refresh();
  } catch (e) {
    button.disabled = false;
    say("Not cancelled: " + e.message, true);
  }
}

async function refresh() {
  try {
    const r = await fetch("/v1/jobs", { headers: headers() });
    const answer = await r.json();
    if (!r.ok) throw new Error(answer.error || ("HTTP " + r.status));
    render(answer.jobs);
    say("", false, "list-message");
  } catch (e) {
    say("Cannot list the jobs: " + e.message, true, "list-message");
  }
}

document.getElementById("start").addEventListener("submit", async event => {
  event.preventDefault();
  sessionStorage.setItem("loomcrawl-key", keyField.value.trim());
  const request = {
    url: document.getElementById("url").value.trim(),
    limit: Number(document.getElementById("limit").value) || undefined,
    sitemap: "include",
  };
  const depth = document.getElementById("depth").value;
  if (depth !== "") request.maxDiscoveryDepth = Number(depth);
  const scope = document.getElementById("scope").value;
  if (scope === "host") request.crawlEntireDomain = true;
  if (scope === "domain") request.allowSubdomains = true;
  const focus = document.getElementById("focus").value.trim();
  if (focus !== "") request.focus = focus; // loomcrawl's own field: the pages likeliest to answer it are fetched first
  try {
    const r = await fetch("/v2/crawl", { method: "POST", headers: headers(), body: JSON.stringify(request) });
    const answer = await r.json();
    if (!r.ok) throw new Error(answer.error || ("HTTP " + r.status));
    say("Started job " + answer.id + ".");
    refresh();
  } catch (e) {
    say("Not started: " + e.message, true);
  }
});

refresh();
setInterval(refresh, 1000);
