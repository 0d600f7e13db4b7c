#!/usr/bin/env python3
"""
keystrokes.py -- what carcref play asks a player to type, before and after
issue 14, measured by replaying recorded games through the real REPL.

Driven by tests/keystrokes.sh, which says what it measures; run as
    keystrokes.py BEFORE AFTER TILEDIR [-v] GAME.yaml...
BEFORE and AFTER are carcref binaries; TILEDIR holds the tile data
(rules/tiles/*.yaml), read only for each tile's edges.

Both binaries run in a pseudo-terminal with readline live, so that Tab is
readline's and the program's own completion.  Nothing is modelled but the
choice of keystrokes: the candidates a Tab may complete to are listed by
the REPL itself (readline's possible-completions, M-?), the cheapest way to
type a word with Tab is worked out from them as readline inserts (a unique
match and a space, else the matches' common start), and every keystroke
sequence counted is then typed into the REPL and must give the recorded move
(taken back with undo when another is to be tried).  Each game must end with
the final scores that carcref replay gives for its record.
"""
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import fcntl
import termios

EDGE_LETTER = {"city": "C", "road": "R", "field": "F", "river": "W"}
BS = "\x7f"             # Backspace
TAB = "\t"
ENTER = "\r"


def die(msg):
    sys.stderr.write("keystrokes: %s\n" % msg)
    sys.exit(1)


# ---------------------------------------------------------------- data

def load_tiles(tiledir):
    """Code (and alias), upper-cased -> edges N E S W at rotation 0; and
    code or alias, upper-cased -> the code the REPL shows."""
    edges = {}
    main = {}
    for name in sorted(os.listdir(tiledir)):
        if not name.endswith(".yaml"):
            continue
        codes = []
        with open(os.path.join(tiledir, name), encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0]
                m = re.match(r"\s*-\s*code:\s*(\S+)", line)
                if m:
                    codes = [m.group(1)]
                    continue
                m = re.match(r"\s*aliases:\s*\[(.*)\]", line)
                if m and codes:
                    codes += [a.strip() for a in m.group(1).split(",")]
                    continue
                m = re.match(r"\s*edges:\s*\[(.*)\]", line)
                if m and codes:
                    e = [EDGE_LETTER[w.strip()] for w in m.group(1).split(",")]
                    if name == "base.yaml":     # BA-D is D (notation.md)
                        codes += ["BA-" + c for c in codes]
                    for c in codes:
                        edges[c.upper()] = e
                        main[c.upper()] = codes[0]
    return edges, main


def load_record(path):
    """The header fields wanted and the moves, each without its player."""
    rec = {"edition": "3", "expansions": [], "players": [], "moves": []}
    inmoves = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"(edition|expansions|players):\s*(.*)", line)
            if m:
                v = m.group(2).split("#", 1)[0].strip()
                if v.startswith("["):
                    v = [w.strip() for w in v.strip("[]").split(",") if w.strip()]
                rec[m.group(1)] = v
                inmoves = False
                continue
            if line.startswith("moves:"):
                inmoves = True
                continue
            m = re.match(r"\s+-\s+(\"[^\"]*\"|[^#]*)", line)
            if inmoves and m:
                mv = m.group(1).strip().strip('"').strip()
                mv = re.sub(r"^[^\s:]+:\s+", "", mv)     # "Anna: U ..." -> "U ..."
                rec["moves"].append(" ".join(mv.split()))
    return rec


def lines_to(body, code):
    """Lines read from the top down to the end of code's entry in a list of
    tiles (an entry starts "CODE  (" and ends at a blank line)."""
    start = None
    for i, l in enumerate(body):
        if start is None and re.match(re.escape(code) + r"  \(", l):
            start = i
        elif start is not None and l.strip() == "":
            return i
    if start is None:
        die("%s is not in the list of tiles" % code)
    return len(body)


def placed_edges(base, rot):
    """The edges clockwise from north of a tile turned rot degrees."""
    k = rot // 90
    return "".join(base[(d - k) % 4] for d in range(4))


# ---------------------------------------------------------------- the REPL

OPEN = []       # the REPLs running, closed whatever happens


class Repl:
    """carcref play in a pseudo-terminal, readline live."""

    def __init__(self, binary, args):
        OPEN.append(self)
        self.state = tempfile.mkdtemp(prefix="keystrokes.")
        rc = os.path.join(self.state, "inputrc")
        with open(rc, "w") as f:
            # list every candidate at once, never ask, never page, no bell
            f.write("set completion-query-items 0\nset page-completions off\n"
                    "set bell-style none\n")
        env = dict(os.environ, INPUTRC=rc, NO_COLOR="1", TERM="dumb",
                   CARCREF_STATE=self.state, HOME=self.state, LC_ALL="C.UTF-8")
        env.pop("LANGUAGE", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 400, 0, 0))
            os.execve(binary, [binary, "play"] + args, env)
        self.buf = b""
        self.nsync = 0
        self.read_prompt()

    def read_until(self, pat, timeout=30):
        end = time.time() + timeout
        while True:
            m = re.search(pat, self.buf, re.S)
            if m:
                out = self.buf[:m.end()]
                self.buf = self.buf[m.end():]
                return out.decode("utf-8", "replace")
            left = end - time.time()
            r = select.select([self.fd], [], [], max(0, left))[0] if left > 0 else []
            if not r:
                die("the REPL said nothing expected; last output:\n%s"
                    % self.buf[-600:].decode("utf-8", "replace"))
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            if not data:
                die("the REPL ended; last output:\n%s"
                    % self.buf[-600:].decode("utf-8", "replace"))
            self.buf += data

    def read_prompt(self):
        """Output up to the next prompt (a new line ending in "> ")."""
        return self.read_until(rb"\n[^\n>]{1,60}> $")

    def send(self, keys):
        os.write(self.fd, keys.encode("utf-8"))

    def sync(self):
        """Everything sent so far has been handled: type a mark, wait for its
        echo, rub it out.  (readline stays in charge: no Enter.)"""
        self.nsync += 1
        mark = "#%d#" % self.nsync
        self.send(mark)
        out = self.read_until(re.escape(mark.encode()))
        self.send(BS * len(mark))
        return out[:-len(mark)]

    def command(self, line):
        """A line typed and entered; what the REPL printed for it."""
        self.send(line + ENTER)
        return self.read_prompt()

    def candidates(self, before):
        """What Tab may complete the next word to, after the words before
        (each followed by a space): readline's possible-completions (M-?)
        lists them without touching the line."""
        self.send(before + "\x1b?" + "\x15")    # M-?, then C-u: line emptied
        out = self.sync()
        i = out.find("\r\n")
        j = out.rfind("\r\n")
        if i < 0 or j <= i:
            return []
        return out[i + 2:j].split()

    def close(self):
        """quit, and the state directory removed."""
        if self in OPEN:
            OPEN.remove(self)
        try:
            self.send("\x15quit" + ENTER)
            time.sleep(0.05)
            os.kill(self.pid, signal.SIGTERM)
        except OSError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        shutil.rmtree(self.state, ignore_errors=True)


# ---------------------------------------------------------------- Tab

def lcp(words):
    """Longest common start, case ignored (readline's completion-ignore-case
    is on at the table), in the case of the first."""
    s = words[0]
    n = len(s)
    for w in words[1:]:
        k = 0
        while k < min(n, len(w)) and s[k].lower() == w[k].lower():
            k += 1
        n = k
    return s[:n]


def word_keys(word, cands, last):
    """The fewest keystrokes to put word (then a space, or Enter when last)
    on the line, typing letters and pressing Tab where it helps.  Returns
    (count, keys).  Readline as set here: Tab with one match puts it and a
    space; with several, their common start; with none, nothing."""
    n = len(word)
    wl = word.lower()
    # breadth first over the length typed (states 0..n), n+1 = word and space
    best = {0: ""}
    frontier = [0]
    while frontier:
        nxt = []
        for i in frontier:
            keys = best[i]
            moves = []
            if i < n:
                moves.append((i + 1, keys + word[i]))
            elif i == n:
                moves.append((n + 1, keys + (ENTER if last else " ")))
            if i <= n:
                typed = wl[:i]
                m = [c for c in cands if c.lower().startswith(typed)]
                if len(m) == 1 and m[0].lower() == wl:
                    moves.append((n + 1, keys + TAB + (ENTER if last else "")))
                elif len(m) > 1:
                    p = lcp(m)
                    if len(p) > i and wl.startswith(p.lower()):
                        moves.append((len(p), keys + TAB))
            for j, k in moves:
                if j not in best:
                    best[j] = k
                    nxt.append(j)
        frontier = nxt
    k = best[n + 1]
    return len(k), k


def line_keys(repl, words, cache):
    """The fewest keystrokes for a whole line, word by word."""
    total, keys = 0, ""
    for j, w in enumerate(words):
        before = "".join(x + " " for x in words[:j])
        if before not in cache:
            cache[before] = repl.candidates(before)
        c, k = word_keys(w, cache[before], j == len(words) - 1)
        total += c
        keys += k
    return total, keys


def shown(keys):
    return keys.replace(TAB, "<Tab>").replace(ENTER, "<Enter>").replace(BS, "<BS>")


# ---------------------------------------------------------------- a game

ACCEPT = re.compile(r"^move (\d+), [^:\n]+: (.*?)\r?$", re.M)


def accepted(out, k):
    """The move as the REPL wrote it if the line was accepted as move k."""
    for m in ACCEPT.finditer(out):
        if int(m.group(1)) == k:
            return m.group(2).strip()
    return None


def final_scores(out):
    """Name and points from a "final scores:" block."""
    i = out.rfind("final scores:")
    if i < 0:
        return None
    return re.findall(r"^\s+\d+\.\s+(\S+)\s+(-?\d+)", out[i:], re.M)


MAIN = {}       # code or alias, upper-cased -> the code the REPL writes


def same_move(written, line):
    """The REPL writes a monk as "monk", which a record may write "monk@C",
    and a tile by its code, which a record may give by an alias."""
    line = re.sub(r"\b(monk|abbot)@C\b", r"\1", line)
    w, l = written.split(" ", 1), line.split(" ", 1)
    return w[1:] == l[1:] and MAIN.get(w[0].upper()) == MAIN.get(l[0].upper())


def try_line(repl, keys, k, what, verbose, undo):
    """Type keys (ending in Enter) as move k; it must be accepted.  Undo it
    when asked.  Returns the move as written and all the output."""
    repl.send(keys)
    out = repl.read_prompt()
    mv = accepted(out, k)
    if mv is None:
        die("move %d: %s typed as %s was not accepted:\n%s"
            % (k, what, shown(keys), out))
    if verbose:
        print("    %-10s %3d  %s" % (what, len(keys), shown(keys)))
    if undo:
        u = repl.command("undo")
        if "undone" not in u:
            die("move %d: undo refused:\n%s" % (k, u))
    return mv, out


def without_rotation(words):
    """The words of a whole turn without its rotation; None if it has none."""
    if len(words) >= 3 and re.fullmatch(r"0|90|180|270", words[2]):
        return words[:2] + words[3:]
    return None


def play_before(r, moves, main, verbose):
    """The game at the table before: the tiles list to identify, the whole
    line to play (Tab where it helps).  Per move, what is counted; and the
    REPL's last words."""
    res = []
    out = ""
    for k, line in enumerate(moves, 1):
        words = line.split()
        t = r.command("tiles")
        body = t.split("\r\n")[1:-1]            # not the echo, not the prompt
        ntypes = len(re.findall(r"^\S+  \(\d+ in the box", t, re.M))
        upto = lines_to(body, main[words[0].upper()])
        tabn, tabk = line_keys(r, words, {})
        short = without_rotation(words)
        if short is not None:
            short = " ".join(short)
            o = r.command(short)
            if accepted(o, k) is not None:
                die("move %d: the baseline accepted %r without its rotation"
                    % (k, short))
        if verbose:
            print("  before %d: %s" % (k, line))
        mv, out = try_line(r, tabk, k, "tab", verbose, False)
        if not same_move(mv, line):
            die("move %d: the baseline wrote %r for %r" % (k, mv, line))
        res.append({"plain": len(line) + 1, "tab": tabn,
                    "id_keys": len("tiles") + 1, "id_lines": len(body),
                    "id_upto": upto, "id_types": ntypes})
    return res, out


def play_after(r, moves, edges, main, verbose):
    """The game at the table after: find EDGES and EDGES<Tab> to identify,
    the line without its rotation where the REPL takes it.  Per move, what
    is counted; and the REPL's last words."""
    res = []
    out = ""
    for k, line in enumerate(moves, 1):
        words = line.split()
        code = words[0]
        short = without_rotation(words)
        rot = 0 if short is None else int(words[2])
        if code.upper() not in edges:
            die("move %d: no edges known for tile %s" % (k, code))
        e = placed_edges(edges[code.upper()], rot).lower()
        cache = {}
        # identify: find EDGES
        f = r.command("find " + e)
        body = f.split("\r\n")[1:-1]
        m = re.search(r"^(\d+) types? ha(?:s|ve) edges [^:]*: (.*?)\r?$", f, re.M)
        if m is None:
            die("move %d: find %s found nothing:\n%s" % (k, e, f))
        found = [c.strip() for c in m.group(2).split(",")]
        if main[code.upper()] not in found:
            die("move %d: find %s does not offer %s: %s" % (k, e, code, found))
        upto = lines_to(body, main[code.upper()])
        # identify: EDGES<Tab> where the tile's code goes
        ecands = r.candidates(e)
        if sorted(x.upper() for x in ecands) != sorted(x.upper() for x in found):
            die("move %d: %s<Tab> offers %s, find %s" % (k, e, ecands, found))
        # the line without its rotation: does the REPL take it?
        if short is not None:
            o = r.command(" ".join(short))
            mv = accepted(o, k)
            if mv is None:
                if "refused" not in o:
                    die("move %d: %r neither accepted nor refused:\n%s"
                        % (k, " ".join(short), o))
                short = None
            elif "undone" not in r.command("undo"):
                die("move %d: undo refused" % k)
        if verbose:
            print("  after %d: %s  [edges %s: %s]%s" % (
                k, line, e, " ".join(found),
                "" if short is None else "  rotation may be left out"))
        # the keystroke sequences, each typed for real
        tries = []
        fn, fk = line_keys(r, words, cache)
        tries.append(("tab", fk))
        sn, sk = (None, None)
        if short is not None:
            sn, sk = line_keys(r, short, cache)
            tries.append(("tab-short", sk))
        if sn is None or fn <= sn:
            bestk, bestw = fk, words
        else:
            bestk, bestw = sk, short
        # the code's keys (and its space) replaced by EDGES<Tab>, or, when
        # several types show those edges, EDGES<Tab><Tab> (the codes are
        # listed), the edges rubbed out, and the code typed
        _, k0 = word_keys(code, cache[""], len(bestw) == 1)
        restk = bestk[len(k0):]
        if len(found) == 1:
            ek = e + TAB + restk
        else:
            ek = e + TAB + TAB + BS * len(e) + k0 + restk
        tries.append(("edges-tab", ek))
        for i, (what, keys) in enumerate(tries):
            mv, out = try_line(r, keys, k, what, verbose, i < len(tries) - 1)
            if what == "tab" and not same_move(mv, line):
                die("move %d: the REPL wrote %r for %r" % (k, mv, line))
        res.append({
            "plain": len(line) + 1,
            "short": None if short is None else len(" ".join(short)) + 1,
            "tab": min(fn, sn) if sn is not None else fn,
            "edges_tab": len(ek) - len(restk),      # keys up to the code's space
            "edges_line": len(ek),
            "code_keys": len(code) + 1,
            "id_keys": len("find ") + len(e) + 1, "id_lines": len(body),
            "id_upto": upto,
            "id_types": len(found), "ambiguous": len(found) > 1,
            "edges": e.upper(),
        })
    return res, out


def replay_scores(binary, path):
    """carcref replay's final scores for the record."""
    state = tempfile.mkdtemp(prefix="keystrokes.")
    p = subprocess.run([binary, "replay", path], capture_output=True,
                       text=True, env=dict(os.environ, NO_COLOR="1",
                                           CARCREF_STATE=state))
    shutil.rmtree(state, ignore_errors=True)
    return final_scores(p.stdout)


# ---------------------------------------------------------------- report

def main():
    argv = sys.argv[1:]
    verbose = "-v" in argv
    argv = [a for a in argv if a != "-v"]
    if len(argv) < 4:
        die("usage: keystrokes.py BEFORE AFTER TILEDIR [-v] GAME.yaml...")
    before, after, tiledir, games = argv[0], argv[1], argv[2], argv[3:]
    edges, main = load_tiles(tiledir)
    MAIN.update(main)
    rows = []
    for g in games:
        rec = load_record(g)
        args = ["--players", ",".join(rec["players"]), "--edition",
                str(rec["edition"])]
        if rec["expansions"]:
            args += ["--expansions", ",".join(rec["expansions"])]
        r = Repl(before, args)
        b, out = play_before(r, rec["moves"], main, verbose)
        r.close()
        bs = final_scores(out)
        r = Repl(after, args)
        a, out = play_after(r, rec["moves"], edges, main, verbose)
        r.close()
        as_ = final_scores(out)
        want = replay_scores(after, g)
        if not want or bs != want or as_ != want:
            die("%s: final scores at the table %s (before) %s (after), "
                "replay %s" % (g, bs, as_, want))
        rows.append((os.path.basename(g).replace(".yaml", ""), b, a))
    print("Keystrokes at carcref play: before %s, after %s." % (before, after))
    print("Every sequence counted with Tab was typed into the REPL and gave "
          "the recorded move;")
    print("each game ended at the table with the final scores of carcref "
          "replay.")
    print()
    report(rows)


def saved(b, a):
    """The share of b that a saves, as a percentage."""
    return "%.1f%%" % (100.0 * (b - a) / b) if b else "-"


def report(rows):
    """The tables: per game, then all games together.  Each cell is a
    total over the game's moves with its mean per move in brackets."""
    games = []
    for name, b, a in rows:
        one = [x for x in a if not x["ambiguous"]]
        g = {"name": name, "moves": len(b)}
        # 1. the line, code known
        g["tb"] = sum(x["plain"] for x in b)
        g["ta"] = sum(x["short"] or x["plain"] for x in a)
        g["nshort"] = sum(1 for x in a if x["short"])
        g["xb"] = sum(x["tab"] for x in b)
        g["xa"] = sum(x["tab"] for x in a)
        # 2. identifying
        g["ib_keys"] = sum(x["id_keys"] for x in b)
        g["ib_lines"] = sum(x["id_lines"] for x in b)
        g["ib_upto"] = sum(x["id_upto"] for x in b)
        g["ib_types"] = sum(x["id_types"] for x in b)
        g["if_keys"] = sum(x["id_keys"] for x in a)
        g["if_lines"] = sum(x["id_lines"] for x in a)
        g["if_upto"] = sum(x["id_upto"] for x in a)
        g["if_types"] = sum(x["id_types"] for x in a)
        g["one"] = len(one)
        g["one_code"] = sum(x["code_keys"] for x in one)
        g["one_tab"] = sum(x["edges_tab"] for x in one)
        g["amb"] = len(a) - len(one)
        g["amb_tab"] = sum(x["edges_tab"] for x in a if x["ambiguous"])
        g["amb_code"] = sum(x["code_keys"] for x in a if x["ambiguous"])
        # 3. code not known: identify, then the line.  No Tab: tiles, then
        # the line (before); find EDGES, then the line, its rotation left
        # out where the REPL takes it (after).  With Tab: tiles, then the
        # line with Tab (before); EDGES<Tab> where the code goes and the
        # rest with Tab where one type shows the edges, else find EDGES
        # (the codes alone do not tell the types apart) and the line with
        # Tab (after).
        g["nb"] = g["ib_keys"] + g["tb"]
        g["na"] = g["if_keys"] + g["ta"]
        g["nxb"] = g["ib_keys"] + g["xb"]
        g["nxa"] = sum(x["edges_line"] if not x["ambiguous"] else
                       x["id_keys"] + x["tab"] for x in a)
        games.append(g)
    if len(games) > 1:
        t = {"name": "all games"}
        for k in games[0]:
            if k != "name":
                t[k] = sum(g[k] for g in games)
        games.append(t)

    def tm(v, n):
        return "%d (%.2f)" % (v, v / n) if n else "-"

    print("1. Entering a turn, the tile's code known: keystrokes for the whole "
          "line, Enter included.")
    print()
    print("| game | moves | before | after | saved | rotation left out |"
          " before, Tab | after, Tab | saved |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for g in games:
        n = g["moves"]
        print("| %s | %d | %s | %s | %s | %d | %s | %s | %s |" % (
            g["name"], n, tm(g["tb"], n), tm(g["ta"], n),
            saved(g["tb"], g["ta"]), g["nshort"], tm(g["xb"], n),
            tm(g["xa"], n), saved(g["xb"], g["xa"])))
    print()
    print("2a. Identifying the tile in hand, means per move.  Before: tiles "
          "and Enter.  After: find EDGES and Enter.")
    print()
    print("| game | before: keys | lines printed | lines down to the tile |"
          " after: keys | lines printed | lines down to the tile |"
          " types offered |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for g in games:
        n = g["moves"]
        print("| %s | %.0f | %.0f | %.0f | %.0f | %.1f | %.1f | %.2f |" % (
            g["name"], g["ib_keys"] / n, g["ib_lines"] / n, g["ib_upto"] / n,
            g["if_keys"] / n, g["if_lines"] / n, g["if_upto"] / n,
            g["if_types"] / n))
    print()
    print("2b. After: EDGES<Tab> where the code goes, against typing the code "
          "and its space (total, and mean).")
    print("    Several types share the edges: <Tab><Tab> lists their codes (no "
          "pictures), 4 Backspaces, the code.")
    print()
    print("| game | one type: moves | code typed | EDGES<Tab> |"
          " several types: moves | code typed | EDGES<Tab><Tab>, 4 BS, code |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    for g in games:
        print("| %s | %d | %s | %s | %d | %s | %s |" % (
            g["name"], g["one"], tm(g["one_code"], g["one"]),
            tm(g["one_tab"], g["one"]), g["amb"],
            tm(g["amb_code"], g["amb"]), tm(g["amb_tab"], g["amb"])))
    print()
    print("3. A turn, the tile's code not known: identify it (as in 2), then "
          "enter the line (as in 1).")
    print()
    print("| game | before: tiles + line | after: find + line | saved |"
          " before, Tab: tiles + line | after, Tab: EDGES<Tab> + line |"
          " saved |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    for g in games:
        n = g["moves"]
        print("| %s | %s | %s | %s | %s | %s | %s |" % (
            g["name"], tm(g["nb"], n), tm(g["na"], n), saved(g["nb"], g["na"]),
            tm(g["nxb"], n), tm(g["nxa"], n), saved(g["nxb"], g["nxa"])))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.stderr.close()
    finally:
        for r in list(OPEN):
            r.close()
