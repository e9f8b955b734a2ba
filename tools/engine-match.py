#!/usr/bin/env python3
"""Play a UCI engine against itself and check it with python-chess (issue 11).

Games: three standard openings (pushed onto chess.Board(), so the engine gets
`position startpos moves ...`) and one Chess960 start (python-chess then sets
UCI_Chess960 and sends Shredder FENs and king-takes-rook castling), cycled for --games > 4.
Every engine move must be legal. Before each `bestmove` the engine must send
`info string status <outcome> threefold <0|1> fifty <0|1>` for the position it was
given (with its history), equal to python-chess's board.outcome() termination (lowercase,
or `none`), board.is_repetition(3) and board.is_fifty_moves(). When a game ends, the
engine is asked once more about the final position: its status must name python-chess's
termination, and it must answer `bestmove (none)` or `0000` when there is no legal move
(mate, stalemate) and a legal move otherwise (a draw by insufficient material, the
75-move rule or fivefold repetition still has moves, and UCI asks for one of them).

    python3 tools/engine-match.py --engine target/release/sliders-uci [--games 4]
        [--movetime-ms 50] [--max-plies 200] [--no-status] [--debug]

--max-plies counts the engine's moves per game. --no-status (for engines without the
status line, e.g. Stockfish) skips the status checks, and at the end of a game it only
reports the engine's answer; python-chess itself still rejects a move where no legal
move exists. --debug logs the UCI traffic to stderr.
Exit status: 0 all good, 1 a check failed (the message names game, ply, FEN, move),
2 usage error.
"""
import argparse
import logging
import os
import sys

import chess
import chess.engine

OPENINGS = [
    ("Sicilian", "e4 c5"),
    ("Nimzo/Queen's Indian", "d4 Nf6 c4 e6"),
    ("Ruy Lopez", "e4 e5 Nf3 Nc6 Bb5"),
]
CHESS960_POSITIONS = [357, 81, 702, 519]  # Scharnagl numbers; the k-th Chess960 game uses the k-th


class Failure(Exception):
    pass


def start_board(index):
    """The index-th game's start: (name, board). Every fourth game is Chess960."""
    if index % 4 == 3:
        n = CHESS960_POSITIONS[(index // 4) % len(CHESS960_POSITIONS)]
        return f"Chess960 #{n}", chess.Board.from_chess960_pos(n)
    name, sans = OPENINGS[(index - index // 4) % len(OPENINGS)]
    board = chess.Board()
    for san in sans.split():
        board.push_san(san)
    return f"{name} ({sans})", board


def expected_status(board):
    outcome = board.outcome()
    name = "none" if outcome is None else outcome.termination.name.lower()
    return f"status {name} threefold {int(board.is_repetition(3))} fifty {int(board.is_fifty_moves())}"


def ask(engine, board, limit, game, where):
    """engine.play on board; engine errors (including an illegal bestmove) become Failures."""
    try:
        return engine.play(board, limit, game=game, info=chess.engine.INFO_ALL)
    except (chess.engine.EngineError, TimeoutError) as err:
        raise Failure(f"{where}: engine error: {err!r}") from err


def play_game(engine, index, args):
    name, board = start_board(index)
    limit = chess.engine.Limit(time=args.movetime_ms / 1000)
    plies = 0
    while True:
        over = board.outcome() is not None
        if not over and plies >= args.max_plies:
            break
        where = f"game {index + 1} ({name}), ply {board.ply() + 1}, FEN {board.fen(shredder=board.chess960)}"
        result = ask(engine, board, limit, index, where)
        move_text = "(none)" if result.move is None else result.move.uci()
        where += f", engine move {move_text}"
        status = result.info.get("string")
        if not args.no_status and status != expected_status(board):
            raise Failure(f"{where}: status {status!r}, python-chess says {expected_status(board)!r}")
        if over:
            termination = board.outcome().termination.name.lower()
            has_moves = any(True for _ in board.legal_moves)
            if not has_moves and result.move:  # None for `bestmove (none)`, a falsy null move for `0000`
                message = f"{where}: no legal move ({termination}), " \
                          f"the engine should answer bestmove (none) or 0000"
                if not args.no_status:
                    raise Failure(message)
                print(f"note: {message}", file=sys.stderr)
            if has_moves and (not result.move or result.move not in board.legal_moves):
                raise Failure(f"{where}: the game is drawn ({termination}) but has legal moves: "
                              f"the engine should answer one of them")
            break
        if result.move is None or result.move not in board.legal_moves:
            raise Failure(f"{where}: not a legal move")
        board.push(result.move)
        plies += 1

    outcome = board.outcome()
    termination = "max-plies" if outcome is None else outcome.termination.name.lower()
    start = board.root()
    print(f"game {index + 1}: {name}, {plies} engine plies ({board.ply()} in all), "
          f"result {board.result()}, termination {termination}")
    if start.chess960:
        print(f"  start FEN {start.fen(shredder=True)}")
    print(f"  {start.variation_san(board.move_stack)} {board.result()}")


def ended_positions():
    """Finished games the engine is asked about before the matches: three draws that
    still have legal moves (insufficient material, fivefold repetition, the 75-move rule)
    and two with none (stalemate, checkmate)."""
    bare_kings = chess.Board("8/8/8/4k3/8/8/8/4K3 w - - 0 1")
    fivefold = chess.Board()
    for _ in range(4):
        for uci in ("g1f3", "g8f6", "f3g1", "f6g8"):
            fivefold.push_uci(uci)
    seventy_five = chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 150 100")
    stalemate = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    mate = chess.Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    return [("insufficient material", bare_kings), ("fivefold repetition", fivefold),
            ("75-move rule", seventy_five), ("stalemate", stalemate), ("checkmate", mate)]


def check_ended(engine, args):
    """On a finished game the engine answers a legal move if there is one, else 0000."""
    limit = chess.engine.Limit(time=args.movetime_ms / 1000)
    for name, board in ended_positions():
        assert board.outcome() is not None, name
        where = f"ended game ({name}), FEN {board.fen()}"
        result = ask(engine, board, limit, name, where)
        has_moves = any(True for _ in board.legal_moves)
        if has_moves and (not result.move or result.move not in board.legal_moves):
            raise Failure(f"{where}: the engine answered {result.move}, not one of the legal moves")
        if not has_moves and result.move:
            raise Failure(f"{where}: no legal move, but the engine answered {result.move}")
    print(f"ended games: a legal move where one exists, 0000 where none ({len(ended_positions())} positions)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="path of the UCI engine")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--movetime-ms", type=int, default=50)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--no-status", action="store_true", help="skip the status-line checks")
    ap.add_argument("--debug", action="store_true", help="log the UCI traffic to stderr")
    args = ap.parse_args()
    if args.games < 1 or args.movetime_ms < 1 or args.max_plies < 1:
        ap.error("--games, --movetime-ms and --max-plies must be positive")
    if not (os.path.isfile(args.engine) and os.access(args.engine, os.X_OK)):
        ap.error(f"not an executable file: {args.engine}")
    if args.debug:
        logging.basicConfig(level=logging.DEBUG, format="%(message)s")

    try:
        engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    except (chess.engine.EngineError, OSError, TimeoutError) as err:
        print(f"FAIL: could not start {args.engine} as a UCI engine: {err!r}", file=sys.stderr)
        return 1
    try:
        check_ended(engine, args)
        for index in range(args.games):
            play_game(engine, index, args)
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    finally:
        try:
            engine.quit()
        except (chess.engine.EngineError, TimeoutError):
            engine.close()
    print(f"OK: {args.games} games, every move legal" +
          ("" if args.no_status else ", every status line and game result as python-chess says"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
