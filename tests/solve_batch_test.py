#!/usr/bin/env python3
"""`dmsolve solve FILE` and `dmsolve verify` with several threads (CTest test solve_batch).

A batch builds its small problems alone, several at once, each on one thread with a table of
its own, and the rest with every thread (solver/app/tree_batch.h). That must not change a
single tree: this runs puzzle files of every variant with 1 and with 2 threads and requires
the same problems, in the file's order, with the same JSON (search figures aside), and the
same verdicts; and it requires that the 2-thread run used both ways of building, so that
both are checked. Then several problems as one document (solver/app/batch_output.h): with
--format html one valid page of an <article> per problem, with --format json JSON Lines, in
text a blank line between trees; one problem alone as before. Last, Ctrl-C while a long
helpmate is being solved, with small problems before and after it: the helpmate is printed as
`unknown`, and every small problem as it was solved (those after it were built alone before the
helpmate started); with --format html the page is still whole.

usage: solve_batch_test.py path/to/dmsolve path/to/puzzles [FILE.epd ...]
The files are those of FILES unless named (a sanitizer build names fewer).
"""
import json
import os
from html.parser import HTMLParser
import re
import signal
import subprocess
import sys
import tempfile
import time

FIGURES = ('nodes', 'seconds', 'solve_nodes', 'solve_seconds', 'threads')
FILES = ('showcase.epd', 'marseillais.epd', 'losing-marseillais.epd', 'mainzer.epd', 'extramove.epd',
         'progressive.epd')
# An h=7 of puzzles/orthodox/popeye.epd that takes about a minute (popeye-93, an h#6, took
# minutes once and half a second by session 28, and then ended before the test's Ctrl-C).
LONG = 'popeye-82'
SMALL_NODES = 10_000  # half TreeBatch::kAloneNodes
# A Popeye file of five problems (a twinned #1 and a Marseillais #1).
TWINS = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data', 'popeye', 'twins.inp')


class Page(HTMLParser):
    """An HTML document read for its structure: one root element, every element closed in
    order, and its <article> elements (each with the text of its verdict heading)."""
    VOID = {'meta', 'br', 'hr', 'img', 'input', 'link'}

    def __init__(self, text):
        super().__init__()
        self.open, self.errors, self.roots, self.articles, self.verdicts = [], [], 0, 0, []
        self.in_verdict = False
        self.feed(text)
        self.close()
        if self.open:
            self.errors.append(f'not closed: {self.open}')
        if text.count('<!DOCTYPE html>') != 1 or text.count('</html>') != 1:
            self.errors.append(f'{text.count("<!DOCTYPE html>")} doctypes, {text.count("</html>")} </html>')

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.roots += not self.open
        self.open.append(tag)
        self.articles += tag == 'article'
        self.in_verdict = tag == 'h3' and ('class', 'verdict') in attrs

    def handle_startendtag(self, tag, attrs):
        pass  # <rect .../> of the diagrams

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.errors.append(f'</{tag}> closes {self.open[-1:]}')
        else:
            self.open.pop()
        self.in_verdict = False

    def handle_data(self, data):
        if self.in_verdict:
            self.verdicts.append(data)

    def problem(self, articles):
        """Why the page is not one document of `articles` articles, or ''."""
        errors = list(self.errors)
        if self.roots != 1:
            errors.append(f'{self.roots} root elements')
        if self.articles != articles:
            errors.append(f'{self.articles} articles, expected {articles}')
        return '; '.join(errors)


def line_id(line):
    found = re.search(r'\bid "([^"]*)"', line)
    return found.group(1) if found else None


def json_lines(command):
    out = subprocess.run(command, capture_output=True, text=True)
    return out.returncode, [json.loads(line) for line in out.stdout.splitlines() if line.startswith('{')]


def without_figures(result):
    return {k: v for k, v in result.items() if k not in FIGURES}


# The solves show tries and set play, as Popeye's option try setplay: more of each tree is
# annotated, and the larger problems outgrow the budget of a problem built alone (tree_batch.h).
SHOWN = ('--tries', '--set-play')


def batch_lines(puzzles, files):
    """Every file's entries in one batch (the showcase's copies of the others once)."""
    lines = []
    for name in files:
        with open(os.path.join(puzzles, name)) as f:
            lines += [line for line in f if line.strip() and not line.startswith('#') and line not in lines]
    return lines


def with_1_and_2_threads(dmsolve, command, path, lines, expected_code, failures, extra=()):
    """The JSON results of `dmsolve command` on the lines (and `extra` options), with 1 and with 2
    threads."""
    with open(path, 'w') as f:
        f.writelines(lines)
    runs = []
    for threads in (1, 2):
        code, results = json_lines([dmsolve, command, path, '--json', '--threads', str(threads), '--hash', '64',
                                    *extra])
        if code != expected_code:
            failures.append(f'{command}, {threads} threads: exit code {code}, expected {expected_code}')
        runs.append(results)
    return runs


def check_solve(dmsolve, tmp, lines, failures):
    """Both thread counts on the batch with a bad entry in the middle (exit code 2); the
    1-thread results."""
    with_bad = lines[:len(lines) // 2] + ['8/8/8/8/8/8/8/8 w - - id "no-kings"; stip #2;\n'] + lines[len(lines) // 2:]
    one, two = with_1_and_2_threads(dmsolve, 'solve', os.path.join(tmp, 'batch.epd'), with_bad, 2, failures, SHOWN)
    errors = [r for r in two if r.get('status') == 'error']
    if len(errors) != 1 or 'kings' not in errors[0].get('error', ''):
        failures.append(f'the bad entry is not reported once: {errors}')
    if len(one) != len(with_bad) or len(two) != len(with_bad):
        failures.append(f'{len(with_bad)} entries, {len(one)} results with 1 thread, {len(two)} with 2')
    if [r.get('id') for r in one] != [r.get('id') for r in two]:
        failures.append('the two runs print the problems in different orders')
    for a, b in zip(one, two):
        if without_figures(a) != without_figures(b):
            failures.append(f'{a.get("id")}: the trees differ between 1 and 2 threads')
    solved = [r for r in two if r.get('status') != 'error']
    alone = sum(r['threads'] == 1 for r in solved)
    shared = sum(r['threads'] == 2 for r in solved)
    if not alone or not shared:
        failures.append(f'2 threads: {alone} problems built alone, {shared} with both threads; both ways expected')
    if any(r['threads'] != 1 for r in one if r.get('status') != 'error'):
        failures.append('1 thread: a problem reports more threads')
    return {r.get('id'): r for r in one}


def check_verify(dmsolve, tmp, lines, failures):
    """Every problem sound (exit code 0), with the same verdicts."""
    runs = with_1_and_2_threads(dmsolve, 'verify', os.path.join(tmp, 'good.epd'), lines, 0, failures)
    one, two = ([(r.get('id'), r['verdict']['summary']) for r in results] for results in runs)
    if one != two or len(two) != len(lines):
        failures.append(f'verify: the verdicts differ or are missing: {one} {two}')


def run(command):
    out = subprocess.run(command, capture_output=True, text=True)
    return out.returncode, out.stdout, out.stderr


def json_objects(text):
    """The JSON object of each line of text, or None where a line holds no whole object."""
    try:
        return [json.loads(line) for line in text.splitlines()]
    except json.JSONDecodeError:
        return None


def check_documents(dmsolve, tmp, lines, failures):
    """Several problems, solved and verified, as one document in each format; one alone as before."""
    common = ['--threads', '2', '--hash', '64']
    for command in ('solve', 'verify'):
        code, out, err = run([dmsolve, command, TWINS, '--format', 'html'] + common)
        page = Page(out)
        if code != 0 or page.problem(5):
            failures.append(f'{command} --format html on 5 problems: exit code {code}, {page.problem(5)}')
        if command == 'verify':
            if page.verdicts != ['Verdict: sound'] * 5:
                failures.append(f'verify --format html: the articles\' verdicts are {page.verdicts}')
            if '5 problems verified' not in err or '5 problems verified' in out:
                failures.append('verify --format html: the summary table is not on standard error alone')
        code, out, err = run([dmsolve, command, TWINS, '--format', 'json'] + common)
        objects = json_objects(out)
        ids = [o['id'].rsplit(':', 1)[1] for o in objects] if objects else None
        if code != 0 or ids != ['2/a', '2/b', '2/c', '2/d', '13']:
            failures.append(f'{command} --format json on 5 problems: exit code {code}, JSON Lines of {ids}: {out[:40]!r}')
    # Text: a blank line before every tree but the first.
    code, out, err = run([dmsolve, 'solve', TWINS, '--no-tries'] + common)
    trees = out.split('\n\nid ')
    if len(trees) != 5 or out.startswith('\n') or any(t.startswith('\n') for t in trees):
        failures.append(f'solve text: {len(trees)} trees apart, expected 5: {out[:200]!r}')
    # A bad entry among the problems: reported, and the page still whole.
    path = os.path.join(tmp, 'pages.epd')
    with open(path, 'w') as f:
        f.writelines(lines[:3] + ['8/8/8/8/8/8/8/8 w - - id "no-kings"; stip #2;\n'] + lines[3:6])
    code, out, err = run([dmsolve, 'solve', path, '--format', 'html'] + common)
    if code != 2 or Page(out).problem(6):
        failures.append(f'solve --format html with a bad entry: exit code {code}, {Page(out).problem(6)}')
    # One problem: the page of one problem and one indented JSON object, as before.
    with open(path, 'w') as f:
        f.writelines(lines[:1])
    code, out, err = run([dmsolve, 'solve', path, '--format', 'html'] + common)
    if code != 0 or Page(out).problem(1) or '<h1>' in out:
        failures.append(f'solve --format html on one problem: exit code {code}, {Page(out).problem(1)}')
    for command in ('solve', 'verify'):
        code, out, err = run([dmsolve, command, path, '--format', 'json'] + common)
        whole = json_objects(out.replace('\n', ' '))
        if code != 0 or not out.startswith('{\n  "') or not whole or whole[0].get('id') != line_id(lines[0]):
            failures.append(f'{command} --format json on one problem: not one indented object: {out[:80]!r}')


def check_interrupted_page(dmsolve, path, small, failures):
    """Ctrl-C during the long helpmate with --format html: every problem's article, then the
    page's tail, exit code 130."""
    proc = subprocess.Popen([dmsolve, 'solve', path, '--format', 'html', '--threads', '2', '--hash', '64',
                             '--time', '120'], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    printed = ''
    while printed.count('</article>') < 6:  # the helpmate's search starts
        line = proc.stdout.readline()
        if not line:
            break
        printed += line
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    printed += proc.stdout.read()
    code = proc.wait()
    page = Page(printed)
    if code != 130 or page.problem(len(small) + 1) or printed.count('<dd>unknown</dd>') != 1:
        failures.append(f'interrupted page: exit code {code}, {page.problem(len(small) + 1)}, '
                        f'{printed.count("<dd>unknown</dd>")} unknown')


def check_interrupt(dmsolve, puzzles, tmp, small, solved, failures):
    """Ctrl-C during the long helpmate, between small problems: what is lost and what is kept."""
    with open(os.path.join(puzzles, 'orthodox', 'popeye.epd')) as f:
        long = [line for line in f if f'id "{LONG}"' in line]
    path = os.path.join(tmp, 'interrupted.epd')
    with open(path, 'w') as f:
        f.writelines(small[:6] + long + small[6:])
    proc = subprocess.Popen([dmsolve, 'solve', path, '--json', '--threads', '2', '--hash', '64', '--time', '120', *SHOWN],
                            stdout=subprocess.PIPE, text=True)
    printed = [json.loads(proc.stdout.readline()) for _ in range(6)]  # the helpmate's search starts
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    printed += [json.loads(line) for line in proc.stdout]
    proc.wait()
    ids = [r.get('id') for r in printed]
    if len(printed) != len(small) + 1 or printed[6].get('id') != LONG or printed[6].get('status') != 'unknown':
        failures.append(f'interrupted: {ids}, expected {len(small) + 1} with {LONG} 7th and unknown')
    for r in printed[:6] + printed[7:]:
        if without_figures(r) != without_figures(solved.get(r.get('id'), {})):
            failures.append(f'interrupted: {r.get("id")} differs from its uninterrupted solution')
    check_interrupted_page(dmsolve, path, small, failures)


def main():
    dmsolve, puzzles = sys.argv[1], sys.argv[2]
    failures = []
    lines = batch_lines(puzzles, sys.argv[3:] or FILES)
    with tempfile.TemporaryDirectory() as tmp:
        solved = check_solve(dmsolve, tmp, lines, failures)
        check_verify(dmsolve, tmp, lines, failures)
        check_documents(dmsolve, tmp, lines, failures)
        # The small problems around the helpmate: built alone (solver/app/tree_batch.h), far
        # within the node budget of a problem built alone, so that Ctrl-C finds them built.
        small = [line for line in lines if solved.get(line_id(line), {}).get('nodes', SMALL_NODES) < SMALL_NODES]
        check_interrupt(dmsolve, puzzles, tmp, small[:6] + small[-4:], solved, failures)
    for failure in failures:
        print('FAIL:', failure)
    if not failures:
        print(f'solve_batch: {len(lines)} problems, the same with 1 and 2 threads, one document each, and after Ctrl-C')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
