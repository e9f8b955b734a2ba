#!/usr/bin/env python3
"""The page of `sliders serve`, in a real Chromium (Debian's chromium and chromium-driver,
driven by selenium from PyPI; no browser is downloaded).

It starts `sliders serve --port 0`, loads the page and, as a reader would, clicks: the
piece's square, blockers, schemes. For a few hundred random queries over every scheme it
reads the attack set the page drew (the squares marked attacked on the board) and
compares it with `sliders attacks`; for each scheme it compares the page's numbered steps
with `sliders show --explain`. Then it types a magic (a table, then a collision), runs a
finder question to the end, runs a divide and cancels a deep one. Screenshots of each
view go to target/browser/ (the README's picture is one of them: --readme-shot PATH).

usage: tools/browser-test.py SLIDERS_BINARY [--queries N] [--readme-shot PATH]
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SHOTS = os.path.join(ROOT, "target", "browser")
FILES = "abcdefgh"


def fail(message):
    print(f"browser-test: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def square_name(i):
    return FILES[i % 8] + str(i // 8 + 1)


def start_server(binary):
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://[0-9.:]+/", line)
    if not match:
        server.kill()
        fail(f"sliders serve printed no address: {line!r}")
    return server, match.group(0)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,1800"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition, what, timeout=30):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.02,
                             ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: condition(d))
    except Exception:
        fail(f"timed out waiting for {what}")


def shot(driver, name, element_id=None):
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name + ".png")
    if element_id:
        driver.execute_script(f"document.getElementById('{element_id}').scrollIntoView()")
    driver.save_screenshot(path)
    return path


def drawn_attacks(driver):
    """The attack set the main board shows: its squares marked attacked."""
    names = driver.execute_script(
        "return [...document.querySelectorAll(\"#main-board rect[data-attacked='1']\")]"
        ".map(r => r.getAttribute('data-square'));")
    value = 0
    for name in names:
        value |= 1 << (FILES.index(name[0]) + 8 * (int(name[1]) - 1))
    return value


def board_query(driver):
    # Read in one script: the board is replaced on every answer, so an element found
    # by one command may be gone by the next.
    return driver.execute_script(
        "const b = document.getElementById('main-board'); return b && b.getAttribute('data-query');")


def query_drawn(driver, piece, square, occupied, scheme):
    want = f"{piece} {square} 0x{occupied:016x} {scheme}"
    try:
        WebDriverWait(driver, 30, poll_frequency=0.02).until(lambda d: board_query(d) == want)
    except Exception:
        shown = driver.find_element(By.ID, "main-board").get_attribute("data-query")
        error = driver.find_element(By.ID, "lookup-error").text
        shot(driver, "failed")
        fail(f"timed out waiting for the board to show {want}; it shows {shown} {error}")


def click_square(driver, name):
    driver.find_element(By.CSS_SELECTOR, f"#main-board rect[data-square='{name}']").click()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--readme-shot")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    rng = random.Random(2026_12_02)

    server, url = start_server(binary)
    driver = browser()
    try:
        driver.get(url)
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1",
             "the page to start")
        schemes = [o.get_attribute("value") for o in
                   Select(driver.find_element(By.ID, "scheme-a")).options]
        listed = subprocess.run([binary, "schemes"], capture_output=True, text=True, check=True).stdout
        available = [l.split()[0] for l in listed.splitlines() if l.endswith(" available")]
        if sorted(schemes) != sorted(available):
            fail(f"the page offers {schemes}, sliders schemes lists {available}")

        # The reader's way first: the square by a click, blockers by clicks.
        driver.find_element(By.ID, "mode-square").click()
        click_square(driver, "d4")
        driver.find_element(By.ID, "mode-blockers").click()
        driver.find_element(By.ID, "clear-blockers").click()
        occupied = 0
        query_drawn(driver, "rook", "d4", occupied, "fancy")
        for name in ["d6", "b4", "d2", "g4"]:
            click_square(driver, name)
            occupied ^= 1 << (FILES.index(name[0]) + 8 * (int(name[1]) - 1))
            query_drawn(driver, "rook", "d4", occupied, "fancy")
        clicked = drawn_attacks(driver)
        expect = subprocess.run([binary, "attacks", "--scheme", "fancy"], input=f"rook d4 0x{occupied:016x}\n",
                                capture_output=True, text=True, check=True).stdout.strip()
        if f"0x{clicked:016x}" != expect or expect != "0x0000080876080800":
            fail(f"rook d4 with blockers d6 b4 d2 g4: the page drew 0x{clicked:016x}, sliders attacks {expect}")
        Select(driver.find_element(By.ID, "scheme-b")).select_by_value("pext" if "pext" in schemes else "classical")
        time.sleep(0.5)
        shot(driver, "lookup")
        if args.readme_shot:
            driver.find_element(By.ID, "lookup").screenshot(args.readme_shot)

        # Random queries over every scheme: drawn attacks against `sliders attacks`.
        queries = []
        for n in range(args.queries):
            scheme = schemes[n % len(schemes)]
            piece = rng.choice(["rook", "bishop"])
            square = square_name(rng.randrange(64))
            occupied = rng.getrandbits(64) & rng.getrandbits(64)
            occupied &= ~(1 << (FILES.index(square[0]) + 8 * (int(square[1]) - 1)))
            if n % 10 == 0:
                # The reader's controls: the piece and scheme chosen from their lists.
                Select(driver.find_element(By.ID, "piece")).select_by_value(piece)
                Select(driver.find_element(By.ID, "scheme-a")).select_by_value(scheme)
            if n % 10 == 0:
                # Every tenth by clicks: the square, the occupancy typed, two blockers toggled.
                wait(driver, lambda d: (board_query(d) or "").split()[::3] == [piece, scheme],
                     f"the board to show {piece} {scheme}")
                driver.find_element(By.ID, "mode-square").click()
                click_square(driver, square)
                wait(driver, lambda d: (board_query(d) or "").split()[1] == square, f"the square {square}")
                driver.find_element(By.ID, "mode-blockers").click()
                field = driver.find_element(By.ID, "occupied")
                field.clear()
                field.send_keys(f"0x{occupied:016x}")
                driver.find_element(By.ID, "apply-occupied").click()
                query_drawn(driver, piece, square, occupied, scheme)
                for i in rng.sample([i for i in range(64) if square_name(i) != square], 2):
                    click_square(driver, square_name(i))
                    occupied ^= 1 << i
                    query_drawn(driver, piece, square, occupied, scheme)
            else:
                # The rest set in one step (the page's own state and redraw), to keep CI short.
                driver.execute_script(
                    "document.getElementById('piece').value = arguments[0];"
                    "document.getElementById('scheme-a').value = arguments[1];"
                    "state.square = arguments[2]; state.occupied = BigInt(arguments[3]); refresh();",
                    piece, scheme, square, f"0x{occupied:016x}")
            query_drawn(driver, piece, square, occupied, scheme)
            queries.append((scheme, piece, square, occupied, drawn_attacks(driver)))
        by_scheme = {}
        for q in queries:
            by_scheme.setdefault(q[0], []).append(q)
        for scheme, qs in by_scheme.items():
            lines = "".join(f"{p} {s} 0x{o:016x}\n" for _, p, s, o, _ in qs)
            out = subprocess.run([binary, "attacks", "--scheme", scheme], input=lines,
                                 capture_output=True, text=True, check=True).stdout.split()
            for (_, p, s, o, drawn), want in zip(qs, out):
                if f"0x{drawn:016x}" != want:
                    fail(f"{scheme} {p} {s} 0x{o:016x}: the page drew 0x{drawn:016x}, sliders attacks says {want}")
        print(f"browser-test: {len(queries)} queries over {len(by_scheme)} schemes: the drawn attacks are sliders attacks'")

        # Each scheme's steps in the page carry show --explain's numbers.
        driver.find_element(By.ID, "scheme-b").find_element(By.CSS_SELECTOR, "option[value='']").click()
        for scheme in schemes:
            Select(driver.find_element(By.ID, "piece")).select_by_value("rook")
            Select(driver.find_element(By.ID, "scheme-a")).select_by_value(scheme)
            driver.execute_script("state.square = 'e4';")
            field = driver.find_element(By.ID, "occupied")
            driver.execute_script("arguments[0].value = '0x0010000002000000';", field)
            driver.find_element(By.ID, "apply-occupied").click()
            query_drawn(driver, "rook", "e4", 0x0010000002000000, scheme)
            page = driver.find_element(By.ID, "explain-a").text
            text = subprocess.run([binary, "show", "0x0010000002000000", "--square", "e4", "--piece", "rook",
                                   "--scheme", scheme, "--explain"], capture_output=True, text=True,
                                  check=True).stdout
            for pattern in [r"table index (\d+)", r">> shift (\d+)", r"magic (0x[0-9a-f]{16})",
                            r"byte index (\d+)", r"pext = (\d+)", r"stopped by ([a-z0-9 ]+)", r"attacks (0x[0-9a-f]{16})"]:
                want = re.findall(pattern, text)
                got = re.findall(pattern, page)
                if want != got:
                    fail(f"{scheme}: the page's {pattern} are {got}, show --explain's {want}")
        print(f"browser-test: {len(schemes)} schemes: the page's steps carry show --explain's numbers")

        # Collisions, drawn for a scheme that shares entries.
        # fancy-best's rook d1 (10 index bits, 11-bit mask): several occupancies to an entry.
        Select(driver.find_element(By.ID, "piece")).select_by_value("rook")
        Select(driver.find_element(By.ID, "scheme-a")).select_by_value("fancy-best")
        driver.execute_script("state.square = 'd1'; state.occupied = 0x0000000000000800n; refresh();")
        query_drawn(driver, "rook", "d1", 0x800, "fancy-best")
        wait(driver, lambda d: re.search(r"^[2-9]\d* of the square's 2048", d.find_element(By.ID, "collisions-out").text),
             "the collisions")
        shot(driver, "collisions", "collisions")

        # A magic by hand: rook d1's 10-bit fancy magic (ours), then one bit off.
        Select(driver.find_element(By.ID, "scheme-a")).select_by_value("fancy")
        driver.execute_script("state.square = 'd1'; state.occupied = 0n; refresh();")
        query_drawn(driver, "rook", "d1", 0, "fancy")
        for magic, expect in [("0x66000aeae5ffff40", "fills 1022 of 1024 entries"),
                              ("0x66000aeae5ffff00", "not a magic: entry 349")]:
            field = driver.find_element(By.ID, "magic-value")
            field.clear()
            field.send_keys(magic)
            bits = driver.find_element(By.ID, "magic-bits")
            bits.clear()
            bits.send_keys("10")
            driver.find_element(By.ID, "magic-try").click()
            wait(driver, lambda d: expect in d.find_element(By.ID, "magic-out").text, f"{magic}: {expect}")
        shot(driver, "magic", "magic")

        # The finder, to the end: bishop c1 at its mask's 5 bits, Stockfish's method and dense.
        for method in ["stockfish", "dense"]:
            Select(driver.find_element(By.ID, "find-method")).select_by_value(method)
            driver.find_element(By.ID, "find-start").click()
            wait(driver, lambda d: d.find_element(By.ID, "find-progress").get_attribute("data-state") == "done"
                 and "CSV: bishop,c1,2,0x" in d.find_element(By.ID, "find-result").text, f"the {method} finder")
            result = driver.find_element(By.ID, "find-result").text
            magic = re.search(r"found (0x[0-9a-f]{16})", result).group(1)
            row = os.path.join(SHOTS, "found.csv")
            with open(row, "w") as f:
                f.write("piece,square,scheme,bits,encoding,answer,magic,variables,clauses,solver_seconds,"
                        "proof_bytes,check_seconds,solver,checked_by\n")
                f.write(f"bishop,c1,fancy,5,{method},found,{magic},,,,,,,\n")
            check = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "verify-found-magics.py"), row],
                                   capture_output=True, text=True)
            if check.returncode != 0:
                fail(f"the page's {method} magic {magic} fails the independent verifier: {check.stderr}")
        shot(driver, "finder", "finder")

        # Perft: divide 3 of the start (8,902, 20 moves), then a deep one cancelled.
        driver.find_element(By.ID, "perft-depth").clear()
        driver.find_element(By.ID, "perft-depth").send_keys("3")
        driver.find_element(By.ID, "perft-start").click()
        wait(driver, lambda d: d.find_element(By.ID, "perft-progress").get_attribute("data-state") == "done",
             "the divide")
        nodes = driver.find_element(By.ID, "perft-progress").get_attribute("data-nodes")
        rows = driver.find_elements(By.CSS_SELECTOR, "#perft-table tr[data-move]")
        if nodes != "8902" or len(rows) != 20:
            fail(f"divide 3 of the start: {nodes} nodes in {len(rows)} moves, not 8902 in 20")
        divide = subprocess.run([binary, "perft", "3"], capture_output=True, text=True)
        for row in rows:
            move, count = row.text.split()
            if not re.search(rf"^{move}: {count}$", divide.stdout, re.M):
                fail(f"divide: {move} {count} is not in sliders perft 3 --divide")
        shot(driver, "perft", "perft")
        kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        driver.find_element(By.ID, "perft-fen").send_keys(kiwipete)
        driver.find_element(By.ID, "perft-depth").clear()
        driver.find_element(By.ID, "perft-depth").send_keys("6")
        driver.find_element(By.ID, "perft-start").click()
        wait(driver, lambda d: d.find_element(By.ID, "perft-cancel").is_enabled(), "the deep divide to start")
        driver.find_element(By.ID, "perft-cancel").click()
        wait(driver, lambda d: d.find_element(By.ID, "perft-progress").get_attribute("data-state") == "cancelled",
             "the divide to be cancelled")

        # The research boards: rook h2 open, rook d1 found, rook g2 none (answered 2026-12-07).
        for square, status in [("h2", "open"), ("d1", "found"), ("g2", "none")]:
            cell = driver.find_element(By.CSS_SELECTOR, f"#research-rook rect[data-square='{square}']")
            if cell.get_attribute("data-status") != status:
                fail(f"research: rook {square} is {cell.get_attribute('data-status')}, not {status}")
        driver.find_element(By.CSS_SELECTOR, "#research-rook rect[data-square='d1']").click()
        if "Caissa" not in driver.find_element(By.ID, "research-detail").text:
            fail("research: rook d1's detail does not credit Caissa")
        shot(driver, "research", "research")
        print(f"browser-test: magic, finder, divide, cancel and research checked; screenshots in {SHOTS}")
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
