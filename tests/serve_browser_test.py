#!/usr/bin/env python3
"""`dmsolve serve` in a real browser (CTest test serve_browser): Debian's Chromium, driven by
chromium-driver through python3-selenium, on a server started on a free port with an explore
store. What a person does on the page, it does by clicking and typing, and checks what shows:

- sets up the seed's stalemate trap (Marseillais, White Ke6 Qc7, Black Kg8) on an empty board
  by clicking the palette and the squares (and drags a pawn on and off the board, the king away
  and back), solves =1, and finds the key 1.Qb7,Qf7+ in the tree;
  shows that line on the board and steps back one move: the queen stands on b7, not yet on f7;
  shows the defence 1...Kh8 below it: the line from the diagram, the king on h8;
- solves a Mainzer #2 on the 11x8 board (88 squares drawn) with its key 1.g8=A (Amazon);
- starts a long search (Losing Marseillais from the start, win) and stops it: status unknown;
- verifies a small file pasted in: a cooked #2, a sound one and a bad entry, the verdicts as
  they come;
- browses the store: explores its position from the page, opens the proof of a move (White
  wins) and has it checked on the server (accepted);
- types a malformed FEN and an unknown stipulation: the command line's messages, next to the
  fields they concern;
- takes a screenshot of each step into the folder given as its second argument (if any).

usage: serve_browser_test.py path/to/dmsolve [screenshot-folder]
Exit code 77 (CTest: skipped) where Chromium, its driver or Selenium is missing.
"""
import os
import subprocess
import sys
import tempfile
import time

try:
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    # Debian's python3-selenium is the system Python's; another python3 first on PATH lacks it.
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3", *sys.argv])
    print("skipped: python3-selenium is not installed")
    sys.exit(77)

FLAWS = []
TRAP = "6k1/2Q5/4K3/8/8/8/8/8"
MAINZER = "11/6P4/11/11/k2K7/11/7N3/11 w - -"
BOOK_POSITION = "8/8/8/8/8/2p5/8/1R6 w - - 0 1"  # antichess: White's rook against a pawn
SMALL_FILE = """8/Q7/8/8/8/8/8/2k1K2R w K - id "cooked"; stip #2; keys "a7a8";
8/Q7/8/8/8/8/8/2k1K2R w K - id "sound"; stip #2; keys "a7f2";
8/8/9/8/8/8/8/k1K5 w - - id "bad"; stip #2;
"""


def flaw(text):
    print("FLAW:", text)
    FLAWS.append(text)


class Page:
    def __init__(self, driver, base, shots):
        self.driver = driver
        self.base = base
        self.shots = shots

    def by_id(self, name):
        return self.driver.find_element(By.ID, name)

    def wait(self, condition, seconds=60, what="the page"):
        try:
            return WebDriverWait(self.driver, seconds, poll_frequency=0.1).until(lambda d: condition())
        except TimeoutException:
            flaw(f"timed out waiting for {what}")
            return None

    def shot(self, name):
        if self.shots:
            self.driver.save_screenshot(os.path.join(self.shots, name + ".png"))

    def square(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#board [data-square="{name}"]')

    def piece_on(self, name):
        pieces = self.square(name).find_elements(By.CSS_SELECTOR, ".piece")
        return pieces[0].get_attribute("data-piece") if pieces else ""

    def choose_variant(self, name):
        Select(self.by_id("variant")).select_by_value(name)

    def type_into(self, name, text):
        field = self.by_id(name)
        field.clear()
        field.send_keys(text)

    def solve(self, seconds=120):
        self.by_id("solve").click()
        return self.wait(lambda: self.by_id("progress").text.startswith("status") or self.by_id("failure").text,
                         seconds, "the solution")


def check_trap(page):
    """The seed's stalemate trap, set up by clicking."""
    page.choose_variant("marseillais")
    page.by_id("clear").click()
    for piece, square in (("K", "e6"), ("Q", "c7"), ("k", "g8")):
        page.driver.find_element(By.CSS_SELECTOR, f'#palette [data-tool="{piece}"]').click()
        page.square(square).click()
    # Dragging: a pawn from the palette onto a2, then off the board; the king to d6 and back.
    actions = ActionChains(page.driver)
    actions.drag_and_drop(page.driver.find_element(By.CSS_SELECTOR, '#palette [data-tool="P"]'), page.square("a2"))
    actions.perform()
    dropped = page.piece_on("a2")
    ActionChains(page.driver).drag_and_drop(page.square("a2"), page.by_id("stip")).perform()
    ActionChains(page.driver).drag_and_drop(page.square("e6"), page.square("d6")).perform()
    moved = (page.piece_on("e6"), page.piece_on("d6"))
    ActionChains(page.driver).drag_and_drop(page.square("d6"), page.square("e6")).perform()
    if dropped != "P" or page.piece_on("a2") or moved != ("", "K") or page.piece_on("e6") != "K":
        flaw(f"dragging: a pawn dropped on a2 {dropped!r}, then off the board {page.piece_on('a2')!r}; "
             f"the king e6, d6 after the drag {moved}")
    Select(page.by_id("side")).select_by_value("w")
    fen = page.by_id("fen").get_attribute("value")
    if fen.split()[:2] != [TRAP, "w"]:
        flaw(f"the board set up by clicking gave the FEN {fen!r}")
    # The variant's rule options as choices: a value other than the default goes to the field.
    Select(page.by_id("rule-no-second-move")).select_by_value("pass")
    chosen = page.by_id("rules").get_attribute("value")
    Select(page.by_id("rule-no-second-move")).select_by_value("stalemate")
    if chosen != "no-second-move=pass" or page.by_id("rules").get_attribute("value"):
        flaw(f"the rule option chosen: {chosen!r}, then back to the default: {page.by_id('rules').get_attribute('value')!r}")
    page.shot("editor")
    page.type_into("stip", "=1")
    page.solve()
    # The address now carries the problem: opened again, it solves it at once.
    if "stip=%3D1" not in page.driver.current_url or "solve=1" not in page.driver.current_url:
        flaw(f"the address after solving: {page.driver.current_url}")
    keys = page.driver.find_elements(By.CSS_SELECTOR, "#result section.solution [data-steps]")
    key = [k for k in keys if k.text.startswith("1.Qb7,Qf7+")]
    if not key:
        flaw(f"no key 1.Qb7,Qf7+ in the tree: {[k.text for k in keys][:12]}")
        return
    page.shot("solved-tree")
    key[0].find_element(By.CSS_SELECTOR, "button.show-line").click()
    page.wait(lambda: page.by_id("stepper").is_displayed(), 10, "the stepper")
    after = (page.piece_on("f7"), page.piece_on("b7"), page.piece_on("c7"))
    page.by_id("step-back").click()  # before White's second move, Qf7+
    between = (page.piece_on("f7"), page.piece_on("b7"), page.piece_on("c7"))
    if after != ("Q", "", "") or between != ("", "Q", ""):
        flaw(f"stepping through 1.Qb7,Qf7+: at the end {after}, one move back {between}")
    # The defence below the key: from the position after the key, Black's Kh8 stalemates.
    defence = [row for row in key[0].find_elements(By.XPATH, "./ancestor::details[1]//li[@data-steps]")
               if row.text.startswith("1...Kh8")]
    if not defence:
        flaw("no defence 1...Kh8 below the key")
    else:
        defence[0].find_element(By.CSS_SELECTOR, "button.show-line").click()
        shown = [b.text for b in page.driver.find_elements(By.CSS_SELECTOR, "#step-moves button")]
        if (page.piece_on("h8"), page.piece_on("g8"), page.piece_on("f7")) != ("k", "", "Q"):
            flaw(f"the line 1...Kh8 on the board: h8 {page.piece_on('h8')!r}, f7 {page.piece_on('f7')!r}")
        if shown != ["start", "Qb7", "Qf7+", "Kh8"]:
            flaw(f"the defence's line from the diagram: {shown}")
    page.shot("stepping")
    page.by_id("step-edit").click()
    if page.piece_on("c7") != "Q":
        flaw("back to the editor: the problem's position is not on the board")


def check_mainzer(page):
    """A Mainzer #2 on the 11x8 board."""
    page.choose_variant("mainzer")
    page.type_into("fen", MAINZER)
    squares = page.driver.find_elements(By.CSS_SELECTOR, "#board .square")
    if len(squares) != 88 or page.piece_on("g7") != "P":
        flaw(f"the Mainzer board: {len(squares)} squares, g7 holds {page.piece_on('g7')!r}")
    if not page.driver.find_elements(By.CSS_SELECTOR, '#palette [data-tool="A"]'):
        flaw("the Mainzer palette has no Amazon")
    page.type_into("stip", "#2")
    page.solve()
    text = page.by_id("result").text
    if "1.g8=A!" not in text:
        flaw(f"the Mainzer #2's key 1.g8=A! is not in the tree: {text[:300]!r}")
    page.shot("mainzer")


def check_stop(page):
    """A long search stopped from the page."""
    page.choose_variant("losing-marseillais")
    page.by_id("initial").click()
    page.type_into("stip", "win")
    page.by_id("solve").click()
    page.wait(lambda: "nodes/s" in page.by_id("progress").text, 30, "the long search's progress")
    started = time.monotonic()
    page.by_id("stop").click()
    page.wait(lambda: page.by_id("progress").text.startswith("status"), 30, "the stopped search's end")
    if not page.by_id("progress").text.startswith("status unknown") or time.monotonic() - started > 10:
        flaw(f"the stop: {page.by_id('progress').text!r} after {time.monotonic() - started:.1f} s")


def check_verify(page):
    """A small file pasted in and verified."""
    page.type_into("text", SMALL_FILE)
    page.by_id("verify").click()
    page.wait(lambda: "of 2 problems judged:" in page.by_id("verify-progress").text, 120, "the verdicts")
    items = page.driver.find_elements(By.CSS_SELECTOR, "#verdicts > li")
    texts = [i.text.split("\n")[0] for i in items]
    standings = [i.get_attribute("data-standing") for i in items]
    if (len(items) != 3 or not texts[0].startswith("pasted.epd:3: FEN board")
            or not texts[1].startswith("cooked (#2): cooked") or not texts[2].startswith("sound (#2): sound")
            or standings[1:] != ["not sound", "sound"]):
        flaw(f"the verdicts: {texts} {standings}")
    page.shot("verify")


def check_book(page):
    """The opening book: explore from the page, open a proof, check it."""
    page.by_id("book-refresh").click()
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#book tr[data-uci]"), 30, "the book's moves")
    Select(page.by_id("explore-what")).select_by_value("book")
    page.type_into("explore-seconds", "20")
    page.by_id("explore").click()
    page.wait(lambda: page.by_id("explore-progress").text.startswith(("done", "stopped"))
              or page.by_id("explore-failure").text, 120, "the explore")
    if page.by_id("explore-failure").text:
        flaw(f"the explore from the page: {page.by_id('explore-failure').text}")
        return
    row = page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, '#book tr[data-uci="b1b2"] button[title^="show the proof"]'),
                    30, "a proof of Rb2")
    if not row:
        return
    row[0].click()
    frame = page.wait(lambda: page.driver.find_elements(By.ID, "proof-frame"), 10, "the proof's view")
    if frame:
        page.driver.switch_to.frame(frame[0])
        title = page.wait(lambda: page.driver.execute_script("return document.title"), 30, "the proof's page")
        if not title or "White wins" not in title:
            flaw(f"the proof of Rb2: {title!r}")
        page.driver.switch_to.default_content()
    page.driver.find_element(By.CSS_SELECTOR, '#book tr[data-uci="b1b2"] button[title^="check the proof"]').click()
    verdict = page.wait(lambda: page.driver.find_element(By.CSS_SELECTOR, '#book tr[data-uci="b1b2"] .proof-check')
                        .text.startswith(("accepted", "not accepted")) and
                        page.driver.find_element(By.CSS_SELECTOR, '#book tr[data-uci="b1b2"] .proof-check').text,
                        60, "the proof's check")
    if not verdict or not verdict.startswith("accepted") or "White wins" not in verdict:
        flaw(f"the proof's check: {verdict!r}")
    page.shot("book")
    # One move deeper: 1.Rc1 loses; "win?" puts the position after it in the editor (Black wins
    # it at once), which is explored from there; the book then steps into it.
    page.driver.find_element(By.CSS_SELECTOR, '#book tr[data-uci="b1c1"] button[title^="solve"]').click()
    page.wait(lambda: page.by_id("progress").text.startswith("status"), 60, "the win? of Rc1")
    if not page.by_id("progress").text.startswith("status solved"):
        flaw(f"win? after 1.Rc1: {page.by_id('progress').text!r}")
    Select(page.by_id("explore-what")).select_by_value("editor")
    page.by_id("explore").click()
    page.wait(lambda: page.by_id("explore-progress").text.startswith("done"), 120, "the explore after Rc1")
    step_in = page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, '#book tr[data-uci="b1c1"] button[title^="the book"]'),
                        30, "the way into the position after Rc1")
    if step_in:
        step_in[0].click()
        path = [b.text for b in page.driver.find_elements(By.CSS_SELECTOR, "#book-path button")]
        moves = {row.get_attribute("data-uci"): row.get_attribute("data-status")
                 for row in page.driver.find_elements(By.CSS_SELECTOR, "#book tr[data-uci]")}
        if path != ["start", "Rc1"] or moves != {"c3c2": "won"}:
            flaw(f"the book after 1.Rc1: path {path}, moves {moves}")
        page.shot("book-deeper")


def check_bad_input(page, dmsolve):
    """A malformed FEN and an unknown stipulation: the command line's messages, at their fields."""
    page.choose_variant("chess")  # the antichess store's options, left by the book's "win?", go
    if page.by_id("rules").get_attribute("value"):
        flaw(f"chess keeps the rule options {page.by_id('rules').get_attribute('value')!r}")
    for field, fen, stip in (("fen", "8/8/9/8/8/8/8/k1K5 w - -", "#2"), ("stip", "8/8/8/8/8/8/8/k1K5 w - -", "h##2")):
        page.type_into("fen", fen)
        page.type_into("stip", stip)
        page.solve(30)
        expected = subprocess.run([dmsolve, "solve", "--fen", fen, "--stip", stip], capture_output=True,
                                  text=True, timeout=60).stderr.strip().removeprefix("dmsolve solve: ")
        shown = page.by_id("failure").text
        if shown != expected or page.by_id(field).get_attribute("aria-invalid") != "true":
            flaw(f"bad {field}: the page shows {shown!r} (field marked: "
                 f"{page.by_id(field).get_attribute('aria-invalid')}), the command line says {expected!r}")
        page.shot("bad-" + field)


def main():
    dmsolve = os.path.abspath(sys.argv[1])
    shots = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else ""
    if shots:
        os.makedirs(shots, exist_ok=True)
    browser, driver_path = "/usr/bin/chromium", "/usr/bin/chromedriver"
    if not os.path.exists(browser) or not os.path.exists(driver_path):
        print("skipped: chromium or chromium-driver is not installed")
        return 77
    with tempfile.TemporaryDirectory() as folder:
        store = os.path.join(folder, "book.sqlite")
        subprocess.run([dmsolve, "explore", "--variant", "antichess", "--fen", BOOK_POSITION, "--store", store,
                        "--threads", "1", "--hash", "16", "--time", "60"], capture_output=True, check=True, timeout=120)
        server = subprocess.Popen([dmsolve, "serve", "--listen", "127.0.0.1:0", "--threads", "1", "--hash", "64",
                                   "--store", store], stdout=subprocess.PIPE, text=True)
        options = webdriver.ChromeOptions()
        options.binary_location = browser
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1100"):
            options.add_argument(argument)
        driver = None
        try:
            base = server.stdout.readline().split("listening on ")[1].split("/ ")[0]
            driver = webdriver.Chrome(service=Service(driver_path), options=options)
            driver.get(base + "/")
            page = Page(driver, base, shots)
            page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#variant option"), 30, "the variants")
            for check in (check_trap, check_mainzer, check_stop, check_verify, check_book):
                check(page)
            check_bad_input(page, dmsolve)
            errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
            if errors:
                flaw(f"the browser's console: {errors}")
        finally:
            if driver:
                driver.quit()
            server.terminate()
            server.wait(30)
    if FLAWS:
        print(f"{len(FLAWS)} flaws")
        return 1
    print("the page works in Chromium")
    return 0


if __name__ == "__main__":
    sys.exit(main())
