#!/usr/bin/env python3
"""The report page in a real browser: headless Chromium driven by Selenium.

Writes reports with the restoretrace binary given (default .build/debug/restoretrace), opens
each from a file:// URL and checks: no console errors and no network request (performance
entries and the DevTools network log); every view's SVG displayed at a non-zero size; a search
marks exactly the nodes of the objects asked for, in every view, and clears; the reader's dark
preference switches the page and the drawings' palette; a 5,000-object trace gives a page of
bounded size that loads without errors and searches; a hostile trace (markup, script and
bidirectional overrides in identifiers and classes) runs no script and adds no element.
With --screenshots DIR, saves light and dark screenshots there.

    python3 scripts/test-report-browser.py [--bin PATH] [--screenshots DIR]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(condition, message):
    if condition:
        print("  ok   " + message)
    else:
        print("  FAIL " + message)
        failures.append(message)


HOSTILE_IDENTIFIER = "</script><script>window.pwned=true</script>"
HOSTILE_CLASS = "\"><img src=x onerror=\"window.pwned=true\">\u202eCountryViewController"


def write_hostile_trace(source, target):
    """countries.jsonl with CountryDetail and its class renamed to markup and script."""
    def rename(value):
        if isinstance(value, list):
            return [rename(item) for item in value]
        if value == "CountryDetail":
            return HOSTILE_IDENTIFIER
        if value == "UYLCountryViewController":
            return HOSTILE_CLASS
        return value
    with open(source) as lines, open(target, "w") as out:
        for line in lines:
            record = json.loads(line)
            out.write(json.dumps({key: rename(value) for key, value in record.items()}, ensure_ascii=False) + "\n")


def driver_for(dark):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--hide-scrollbars", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update"]:
        options.add_argument(argument)
    if os.path.exists("/usr/bin/chromium"):
        options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    return driver


def load(driver, path):
    driver.get("file://" + os.path.abspath(path))
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready === 'true'"))


def network_requests(driver):
    """URLs the page asked the network for: DevTools log entries and performance entries."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not url.startswith("file://") and not url.startswith("data:"):
                urls.append(url)
    urls += driver.execute_script(
        "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    return urls


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def marked(driver):
    """For each view of each trace: the titles (DOT node names) of the marked nodes."""
    return driver.execute_script("""
        const out = {};
        for (const figure of document.querySelectorAll('section.trace figure.view')) {
          const key = figure.closest('section.trace').dataset.trace + '/' + figure.dataset.view;
          out[key] = Array.from(figure.querySelectorAll('g.node.hit > title')).map(t => t.textContent).sort();
        }
        return out;""")


def expected(driver, query):
    """From the page's own index, independently of the page's script: the node names whose
    object has exactly this path (or class), per view."""
    return driver.execute_script("""
        const query = arguments[0].toLowerCase();
        const out = {};
        for (const script of document.querySelectorAll('script.report-index')) {
          const index = JSON.parse(script.textContent);
          const wanted = index.objects.map(o => [o.path, o.identifier, o['class']]
            .some(k => typeof k === 'string' && k.toLowerCase() === query));
          for (const view of Object.keys(index.views)) {
            const names = index.views[view];
            out[script.dataset.trace + '/' + view] = Object.keys(names).filter(n => wanted[names[n]]).sort();
          }
        }
        return out;""", query)


def search(driver, text):
    box = driver.find_element(By.ID, "search")
    box.clear()
    box.send_keys(text)
    box.send_keys(Keys.ENTER)


def colour_of(driver, selector, prop):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? getComputedStyle(e)[arguments[1]] : null;",
        selector, prop)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/debug/restoretrace"))
    parser.add_argument("--screenshots", help="save report-light.png and report-dark.png here")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="restoretrace-report-")
    try:
        report = os.path.join(work, "two.html")
        # Relative names, as a user types them: they head the sections (and the screenshots).
        subprocess.run([os.path.abspath(args.bin), "report", "Traces/crash-during-decode.jsonl", "Traces/countries.jsonl",
                        "-o", report], check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        hostile_trace = os.path.join(work, "hostile.jsonl")
        write_hostile_trace(os.path.join(ROOT, "Traces/countries.jsonl"), hostile_trace)
        hostile = os.path.join(work, "hostile.html")
        subprocess.run([args.bin, "report", hostile_trace, "-o", hostile], check=True, stdout=subprocess.DEVNULL)

        print("report in Chromium, light")
        driver = driver_for(dark=False)
        try:
            load(driver, report)
            check(console_errors(driver) == [], "no console errors or warnings: %s" % console_errors(driver))
            check(network_requests(driver) == [], "no network request: %s" % network_requests(driver))
            sizes = driver.execute_script("""
                return Array.from(document.querySelectorAll('figure.view')).map(f => {
                  const r = f.querySelector('.viewport svg').getBoundingClientRect();
                  return [f.closest('section.trace').dataset.trace + '/' + f.dataset.view, r.width, r.height];
                });""")
            check(len(sizes) == 6, "two traces, three views each: %d views" % len(sizes))
            for name, width, height in sizes:
                check(width > 50 and height > 50, "view %s displayed (%.0f x %.0f px)" % (name, width, height))

            query = "Tabs/CountryNav/CountryDetail"
            search(driver, query)
            got, want = marked(driver), expected(driver, query)
            check(want.get("2/flow") and want.get("2/hierarchy") and want.get("2/locate"),
                  "the index has %s in every view of the second trace" % query)
            check(got == want, "searching %s marks exactly its nodes in every view: %s" % (query, got))
            status = driver.find_element(By.ID, "search-status").text
            check(status.startswith("1 object matches"), "the status says so: %r" % status)
            dimmed = driver.execute_script(
                "return getComputedStyle(document.querySelector('svg.searching g.node:not(.hit)')).opacity")
            check(dimmed == "0.3", "other nodes are dimmed (opacity %s)" % dimmed)
            stroke = driver.execute_script(
                "return getComputedStyle(document.querySelector('g.node.hit polygon')).stroke")
            check(stroke == "rgb(204, 0, 204)", "marked nodes get the mark colour (%s)" % stroke)

            search(driver, "NoteViewController")
            got, want = marked(driver), expected(driver, "NoteViewController")
            check(any(want.values()) and got == want, "a class marks its objects' nodes: %s" % got)
            check(all(not v for k, v in got.items() if k.startswith("2/")), "and none in the trace without it")

            search(driver, "")
            check(all(not v for v in marked(driver).values()), "an empty search clears every mark")

            before = driver.execute_script("return document.querySelector('.viewport svg').style.transform")
            driver.find_element(By.CSS_SELECTOR, "figure.view button[data-zoom=in]").click()
            after = driver.execute_script("return document.querySelector('.viewport svg').style.transform")
            check(before != after, "the zoom button changes the view (%s -> %s)" % (before, after))

            check(colour_of(driver, "body", "backgroundColor") == "rgb(255, 255, 255)", "light page background")
            light_fill = colour_of(driver, ".viewport svg g.graph > polygon", "fill")
            check(light_fill == "rgb(255, 255, 255)", "light drawing background (%s)" % light_fill)
            if args.screenshots:
                os.makedirs(args.screenshots, exist_ok=True)
                search(driver, "Nav/Note")
                driver.execute_script("window.scrollTo(0, 0)")
                driver.save_screenshot(os.path.join(args.screenshots, "report-light.png"))
            check(console_errors(driver) == [], "still no console errors after searching and zooming")
        finally:
            driver.quit()

        print("report in Chromium, dark preference")
        driver = driver_for(dark=True)
        try:
            load(driver, report)
            page = colour_of(driver, "body", "backgroundColor")
            check(page == "rgb(30, 30, 30)", "dark page background (%s)" % page)
            fill = colour_of(driver, ".viewport svg g.graph > polygon", "fill")
            check(fill == "rgb(30, 30, 30)", "dark drawing background (%s)" % fill)
            text = colour_of(driver, ".viewport svg g.node text", "fill")
            check(text == "rgb(236, 236, 236)", "light text in the drawings (%s)" % text)
            if args.screenshots:
                search(driver, "Nav/Note")
                driver.execute_script(
                    "const f = document.querySelector('figure.view'); window.scrollTo(0, f.offsetTop - 60)")
                driver.save_screenshot(os.path.join(args.screenshots, "report-dark.png"))
            check(console_errors(driver) == [], "no console errors in dark")
        finally:
            driver.quit()

        print("a 5,000-object trace")
        big_trace = os.path.join(work, "big.jsonl")
        bench = os.path.join(os.path.dirname(os.path.abspath(args.bin)), "restoretrace-bench")
        subprocess.run([bench, "generate", "--objects", "5000", "--seed", "3", "-o", big_trace], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        big = os.path.join(work, "big.html")
        subprocess.run([args.bin, "report", big_trace, "-o", big], check=True, stdout=subprocess.DEVNULL)
        driver = driver_for(dark=False)
        try:
            load(driver, big)
            check(console_errors(driver) == [], "no console errors: %s" % console_errors(driver))
            elements = driver.execute_script("return document.getElementsByTagName('*').length")
            check(elements < 40000, "the page stays small: %d elements" % elements)
            search(driver, "Tabs")
            got, want = marked(driver), expected(driver, "Tabs")
            check(any(want.values()) and got == want, "a search marks the tab bar in every view: %s" % got)
        finally:
            driver.quit()

        print("hostile trace")
        driver = driver_for(dark=False)
        try:
            load(driver, hostile)
            injected = driver.execute_script("""
                return {
                  images: document.querySelectorAll('img').length,
                  scripts: document.querySelectorAll('script').length,
                  pwned: window.pwned === true,
                  onerror: document.querySelectorAll('[onerror]').length,
                };""")
            check(injected == {"images": 0, "scripts": 2, "pwned": False, "onerror": 0},
                  "no injected element or script ran: %s" % injected)
            check(console_errors(driver) == [], "no console errors: %s" % console_errors(driver))
            search(driver, HOSTILE_IDENTIFIER)
            check(driver.execute_script("return window.pwned === true") is False, "searching a hostile path runs nothing")
            hits = sum(len(v) for v in marked(driver).values())
            check(hits > 0, "the hostile object is found by its path (%d nodes)" % hits)
        finally:
            driver.quit()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print("%d browser checks failed" % len(failures), file=sys.stderr)
        return 1
    print("every browser check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
