/// The site's one script, served from `/assets/site.js` (the Content-Security-Policy allows no
/// inline script): keyboard navigation and the contents that follow the section being read,
/// and nothing that a page needs in order to be read.
enum Script {
    static let text = #"""
        // reader serve: "/" search, "j"/"k" next and previous section, "g" go to an RFC; the
        // contents mark the section being read.
        (function () {
          "use strict";
          function typing(target) {
            return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName));
          }
          function stops() {
            return Array.prototype.slice.call(document.querySelectorAll(
              "main [id^='section-'], main [id^='post-'], main [id^='hit-']"));
          }
          function go(element) {
            element.scrollIntoView({ block: "start" });
            history.replaceState(null, "", "#" + element.id);
            var previous = document.querySelector(".at");
            if (previous) previous.classList.remove("at");
            element.classList.add("at");
          }
          // The section shown now: the one last moved to while it is on the screen, else the
          // first below the bar (so that j after scrolling by hand goes on from there).
          function step(forward) {
            var list = stops(), i, bar = document.querySelector(".bar");
            var line = (bar ? bar.getBoundingClientRect().bottom : 0) + 16;
            var at = list.indexOf(document.querySelector(".at"));
            if (at >= 0) {
              var top = list[at].getBoundingClientRect().top;
              if (top >= 0 && top < window.innerHeight) {
                var next = at + (forward ? 1 : -1);
                if (next >= 0 && next < list.length) go(list[next]);
                return;
              }
            }
            if (forward) {
              for (i = 0; i < list.length; i++) if (list[i].getBoundingClientRect().top > line + 4) return go(list[i]);
            } else {
              for (i = list.length - 1; i >= 0; i--) if (list[i].getBoundingClientRect().top < line - 4) return go(list[i]);
            }
          }
          function showGoto() {
            var form = document.getElementById("goto"), input = document.getElementById("goto-number");
            if (!form || !input) return;
            form.hidden = false;
            input.value = "";
            input.focus();
          }
          // The contents follow the reading: the section whose heading was passed last (above
          // a line under the bar) is marked in the sidebar. The observer only says when a
          // heading crosses the top of the window; which one is current is then read off.
          function followContents() {
            var nav = document.querySelector(".contents");
            if (!nav || !("IntersectionObserver" in window)) return;
            var links = {}, headings = [], shown = null;
            Array.prototype.forEach.call(nav.querySelectorAll("a[href^='#']"), function (a) {
              links[decodeURIComponent(a.getAttribute("href").slice(1))] = a;
            });
            Array.prototype.forEach.call(document.querySelectorAll("main [id^='section-']"), function (h) {
              if (links[h.id]) headings.push(h);
            });
            if (!headings.length) return;
            function update() {
              var bar = document.querySelector(".bar");
              var line = (bar ? bar.getBoundingClientRect().bottom : 0) + 24, current = null, i;
              for (i = 0; i < headings.length; i++) {
                if (headings[i].getBoundingClientRect().top <= line) current = headings[i]; else break;
              }
              var link = current ? links[current.id] : null;
              if (link === shown) return;
              if (shown) { shown.classList.remove("current"); shown.removeAttribute("aria-current"); }
              shown = link;
              if (!link) return;
              link.classList.add("current");
              link.setAttribute("aria-current", "location");
              // Keep it in sight in a sidebar that scrolls on its own (never the page).
              var top = link.offsetTop, bottom = top + link.offsetHeight;
              if (nav.scrollHeight > nav.clientHeight) {
                if (top < nav.scrollTop + 32) nav.scrollTop = Math.max(0, top - 32);
                else if (bottom > nav.scrollTop + nav.clientHeight - 32) nav.scrollTop = bottom - nav.clientHeight + 32;
              }
            }
            var observer = new IntersectionObserver(update, { rootMargin: "0px 0px -60% 0px" });
            headings.forEach(function (h) { observer.observe(h); });
            window.addEventListener("hashchange", update);
            update();
          }
          followContents();
          // Text selected in the document becomes the passage of the note the form adds.
          function followSelection() {
            var quote = document.getElementById("note-quote"), body = document.querySelector("article .body");
            if (!quote || !body) return;
            document.addEventListener("selectionchange", function () {
              var selection = window.getSelection();
              if (!selection || selection.isCollapsed || !body.contains(selection.anchorNode)) return;
              var text = selection.toString().replace(/\s+/g, " ").trim();
              if (text) quote.value = text.slice(0, 4000);
            });
          }
          followSelection();
          document.addEventListener("keydown", function (event) {
            if (event.key === "Escape") {
              var form = document.getElementById("goto");
              if (form && !form.hidden) { form.hidden = true; event.preventDefault(); }
              if (typing(event.target)) event.target.blur();
              return;
            }
            if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
            if (event.key === "/") {
              var search = document.getElementById("q");
              if (search) { event.preventDefault(); search.focus(); search.select(); }
            } else if (event.key === "j") {
              event.preventDefault(); step(true);
            } else if (event.key === "k") {
              event.preventDefault(); step(false);
            } else if (event.key === "g") {
              event.preventDefault(); showGoto();
            }
          });
        })();
        """#
}
