"""The solver: its wins replay, its proofs of loss agree with a plain exhaustive search."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest

import patience
from patience.game import FACE_DOWN, Game, card
from patience.rules import space_codes
from patience.solver import (
    BEST_FIRST_WEIGHTS,
    EMPTY_PILE_BREAKS,
    Solver,
    _BestFirst,
    _open,
    _Rules,
    _rules,
    _Search,
    hint,
    solve,
)
from patience.solver import _copy as _clone

VARIANTS = patience.variants()


def position(variant: str, piles: dict[str, list[str]], autoplay: bool = False) -> Game:
    """A hand-made position: every pile not named is empty; '#7H' is a face-down 7H."""
    game = Game(patience.load_variant(variant), deal=1, autoplay=autoplay)
    game._piles = [[] for _ in game._piles]
    for pid, cards in piles.items():
        game._piles[game._lay.index[pid]] = [
            card(c[1:]) | FACE_DOWN if c.startswith("#") else card(c) for c in cards]
    return game


def suit_up(suit: str, top: int) -> list[str]:
    """Ace up to rank `top` of one suit, as a foundation holds them."""
    return [f"{'A23456789TJQK'[r]}{suit}" for r in range(top)]


def replays_to_win(game: Game, moves: list[patience.Move]) -> bool:
    for move in moves:
        game.play(move)
    return game.is_won


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_solution_replays_to_a_win(variant):
    config = patience.load_variant(variant)
    won = 0
    for deal in range(1, 9):
        for autoplay in (True, False):
            game = Game(config, deal=deal, autoplay=autoplay)
            before = game.to_json()
            result = solve(game, max_nodes=600)
            assert game.to_json() == before, "the caller's game must not change"
            if result.status == "won":
                won += 1
                assert replays_to_win(game, result.moves), (variant, deal, autoplay)
    if variant == "westcliff":  # nearly every deal wins, and quickly
        assert won >= 12


@pytest.mark.parametrize("variant", VARIANTS)
def test_fast_moves_match_legal_moves(variant):
    """The search's own move generator says exactly what `Game.legal_moves` says."""
    rng = random.Random(5)
    config = patience.load_variant(variant)
    for deal in range(4):
        game = Game(config, deal=deal, autoplay=deal % 2 == 0)
        for _ in range(150):
            search = _Search(game)
            fast = {search.to_move(m) for m in search.moves()}
            legal = game.legal_moves()
            assert fast == set(legal), (variant, deal, str(game))
            if not legal:
                break
            game.play(rng.choice(legal))


def test_near_won_position_is_won():
    game = position("westcliff", {
        "foundation.0": suit_up("C", 13), "foundation.1": suit_up("D", 13),
        "foundation.2": suit_up("H", 11),
        "tableau.0": ["KH", "QH"], "tableau.1": suit_up("S", 13)[::-1],
    })
    result = solve(game)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def _locked_position() -> Game:
    """The ace of spades is under the two in a fan, and no tableau pile is free to take the two."""
    return position("willow", {
        "foundation.0": suit_up("C", 13), "foundation.1": suit_up("D", 13),
        "foundation.2": suit_up("H", 13),
        "fan.0": ["AS", "2S"],
        "tableau.0": ["3S", "4S"], "tableau.1": ["5S", "6S"], "tableau.2": ["7S"],
        "tableau.3": ["8S"], "tableau.4": ["9S", "TS"], "tableau.5": ["JS", "QS"],
        "tableau.6": ["KS"],
    })


def test_locked_position_is_lost():
    result = solve(_locked_position())
    assert result.status == "lost"
    assert result.moves == []


def test_a_free_pile_unlocks_it():
    game = position("willow", {
        "foundation.0": suit_up("C", 13), "foundation.1": suit_up("D", 13),
        "foundation.2": suit_up("H", 13),
        "fan.0": ["AS", "2S"],
        "tableau.0": ["3S", "4S"], "tableau.1": ["5S", "6S"], "tableau.2": ["7S"],
        "tableau.3": ["8S", "9S", "TS"], "tableau.5": ["JS", "QS"], "tableau.6": ["KS"],
    })
    result = solve(game)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def _borrowing_position(play_back: bool) -> Game:
    """Thumb and Pouch with every pile taken: the 4D must leave the 2C, and the only five to
    take it is the 5S, on its foundation."""
    game = position("thumb-and-pouch", {
        "foundation.0": suit_up("S", 5), "foundation.1": suit_up("H", 13),
        "foundation.2": suit_up("D", 2), "foundation.3": suit_up("C", 1),
        "tableau.0": ["3D", "2C", "4D"],
        "tableau.1": ["KC", "QC", "JC", "TC"], "tableau.5": ["9C", "8C", "7C", "6C"],
        "tableau.3": ["3C", "4C", "5C", "KS", "QS", "JS", "TS"],
        "tableau.2": ["6S", "9S", "8S", "7S"],
        "tableau.4": ["KD", "QD", "JD", "TD"], "tableau.6": ["9D", "8D", "7D", "6D", "5D"],
    })
    if play_back:
        return game
    twin = Game(_kept_home(game.config), deal=1)
    twin._piles = [list(p) for p in game._piles]
    return twin


def test_a_card_played_back_from_its_foundation_is_still_tried():
    game = _borrowing_position(play_back=True)
    result = solve(game)
    assert result.status == "won"
    assert "foundation.0>tableau.5" in [str(m) for m in result.moves]
    assert replays_to_win(_borrowing_position(play_back=True), result.moves)
    assert solve(_borrowing_position(play_back=False)).status == "lost"


@pytest.mark.parametrize("variant", ["willow", "thumb-and-pouch", "klondike"])
def test_keeping_dead_cards_home_changes_no_verdict(variant):
    rules = _rules(Game(patience.load_variant(variant))._lay)
    assert rules.dead_returns
    rng = random.Random(variant)
    spare = len(game_tableau(variant))
    for i in range(12):
        game = _endgame(variant, rng, out=spare + rng.randrange(2, 12), autoplay=i % 2 == 0,
                        play_back=True)
        pruned = solve(_clone(game), max_nodes=50_000)
        rules.dead_returns = False
        try:
            plain = solve(_clone(game), max_nodes=150_000)
        finally:
            rules.dead_returns = True
        if pruned.decided and plain.decided:
            assert pruned.status == plain.status, (variant, i, str(game))


def test_tiny_budget_is_undecided():
    game = Game(patience.load_variant("willow"), deal=13, autoplay=True)
    result = solve(game, max_nodes=50)
    assert result.status == "undecided"
    assert result.moves == []
    assert result.nodes == 50


def test_hint_gives_a_legal_move():
    for variant in VARIANTS:
        game = Game(patience.load_variant(variant), deal=2, autoplay=True)
        move, solved = hint(game, seconds=0.3)
        assert move in game.legal_moves()
        if solved:
            # The hint's own search (win only, its restarts seeded in turn), with room to spare.
            result = solve(game, max_seconds=5, prove=False)
            assert result.status == "won" and result.moves[0] == move


def test_a_solver_run_again_searches_on():
    """A second run goes on with new searches: where the first found no win, more runs of
    the same size can, while a fresh search of that size only repeats the first."""
    game = Game(patience.load_variant("wood"), deal=10, autoplay=True)
    assert solve(game, max_nodes=3000, prove=False).status == "undecided"
    solver = Solver(game, prove=False)
    results = [solver.run(max_nodes=3000) for _ in range(6)]
    assert results[0].status == "undecided"
    won = next(r for r in results if r.status == "won")
    assert all(r.nodes <= 3000 for r in results)
    replay = game.copy()
    for move in won.moves:
        replay.play(move)
    assert replay.is_won
    assert solver.run(max_nodes=1) is won  # decided once, it stays so


@pytest.mark.parametrize(("variant", "deal", "budget"),
                         [("wood", 10, 20_000), ("willow", 8, 20_000), ("wood", 3, 60_000)])
def test_a_search_run_in_slices_is_the_search_run_whole(variant, deal, budget):
    """Runs of a few positions each (a page thinking in slices) make the very search that
    one run makes: a restart, depth-first or best-first, that a slice cuts short goes on in
    the next one instead of being dropped, so restarts still grow past a slice; and so do
    the rollouts (Wood deal 3 is won by them)."""
    game = Game(patience.load_variant(variant), deal=deal, autoplay=True)
    whole = Solver(game, prove=False).run(max_nodes=budget)
    assert whole.status == "won"
    solver = Solver(game, prove=False)
    nodes = 0
    while nodes < budget:
        sliced = solver.run(max_nodes=250)
        nodes += sliced.nodes
        if sliced.decided:
            break
    assert (sliced.status, nodes, sliced.moves) == ("won", whole.nodes, whole.moves)


def test_hint_when_nothing_is_left():
    won = position("willow", {f"foundation.{i}": suit_up(s, 13) for i, s in enumerate("CDHS")})
    assert hint(won, 0.1) == (None, True)
    stuck = position("willow", {
        "foundation.0": suit_up("C", 13), "foundation.1": suit_up("D", 13),
        "foundation.2": suit_up("H", 13), "fan.0": ["AS", "2S"],
        **{f"tableau.{i}": [c] for i, c in enumerate(["3S", "5S", "7S", "9S", "JS", "QS", "KS"])},
        "tableau.1": ["4S", "5S"], "tableau.2": ["6S", "7S"], "tableau.3": ["8S", "9S"],
        "tableau.4": ["TS", "JS"],
    })
    assert stuck.legal_moves() == []
    assert hint(stuck, 0.1) == (None, False)


# -- soundness: dominance and symmetry never turn a win into a "lost" -----------------------------


def _exhaustive(game: Game, cap: int) -> bool | None:
    """Plain depth-first search through the public API; None when `cap` positions pass."""
    seen = {game.position_key()}
    stack = [iter(game.legal_moves())]
    count = 0
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                game.undo()
            continue
        game.play(move)
        count += 1
        if game.is_won:
            return True
        key = game.position_key()
        if key in seen or count > cap:
            game.undo()
            if count > cap:
                return None
            continue
        seen.add(key)
        stack.append(iter(game.legal_moves()))
    return False


def _kept_home(config: dict) -> dict:
    """A copy of `config` whose foundations give no card back, which keeps a plain
    exhaustive search small enough to be the reference."""
    config = copy.deepcopy(config)
    config["piles"]["foundation"]["moves"].update(group="none", to=[])
    return config


def _endgame(variant: str, rng: random.Random, out: int, autoplay: bool,
             play_back: bool) -> Game:
    """A random late position: foundations built up, `out` cards or more spread over the
    other piles (whole suits, where foundations take only complete runs).

    Without `play_back` the variant's foundations give no card back, which keeps a plain
    exhaustive search small enough to be the reference.
    """
    config = patience.load_variant(variant)
    if not play_back:
        config = _kept_home(config)
    game = Game(config, deal=rng.randrange(1000), autoplay=autoplay)
    lay = game._lay
    pool = [c for c in range(52) for _ in range(game.config["decks"])]
    rng.shuffle(pool)
    piles: list[list[int]] = [[] for _ in game._piles]
    share = len(pool) // len(lay.foundations)
    for f in lay.foundations:
        starts = space_codes(game._base)[lay.specs[f].spaces.accepts]
        base = [c for c in pool if c in starts]
        if not base:
            break
        piles[f].append(base[0])
        pool.remove(base[0])
        limit = lay.max_cards[f] or share
        while len(piles[f]) < limit:
            fits = [c for c in pool if c in lay.build[f][piles[f][-1]]]
            if not fits:
                break
            piles[f].append(fits[0])
            pool.remove(fits[0])
    while len(pool) < out:
        f = rng.choice([f for f in lay.foundations if piles[f]])
        # Foundations that take only complete runs hold whole suits: a suit comes out whole.
        pool += piles[f] if lay.complete_runs[f] else [piles[f][-1]]
        del piles[f][0 if lay.complete_runs[f] else -1:]
    rng.shuffle(pool)
    places = [p for p, k in enumerate(lay.kinds) if k not in ("foundation", "waste")]
    stock = [p for p in places if lay.kinds[p] == "stock"]
    tableau = list(lay.by_kind.get("tableau", ()))
    for c in pool:
        # Every tableau pile gets a card first, so that free piles are scarce.
        p = tableau.pop() if tableau else (
            stock[0] if stock and rng.random() < 0.4 else rng.choice(places))
        down = lay.kinds[p] == "stock" or (piles[p] and rng.random() < 0.3)
        piles[p].append(c | FACE_DOWN if down else c)
    for p in places:
        if lay.kinds[p] != "stock" and piles[p]:
            piles[p][-1] &= ~FACE_DOWN
    game._piles = piles
    return game


# Foundations that take complete runs need endgames of whole runs: tests/test_family_spider.py
# compares those with exhaustive search.
SINGLE_CARD_FOUNDATIONS = [v for v in VARIANTS if not Game(
    patience.load_variant(v)).layout.run_foundations]


@pytest.mark.parametrize("variant", SINGLE_CARD_FOUNDATIONS)
def test_verdicts_agree_with_exhaustive_search(variant):
    rng = random.Random(variant)
    verdicts = {True: 0, False: 0}
    spare = len(game_tableau(variant))
    for i in range(30):
        if sum(verdicts.values()) >= 3:
            break
        game = _endgame(variant, rng, out=spare + rng.randrange(1, 5), autoplay=i % 2 == 0,
                        play_back=i % 3 == 0)
        truth = _exhaustive(_clone(game), 2000)
        if truth is None:
            continue
        result = solve(game, max_nodes=100_000)
        assert result.status == ("won" if truth else "lost"), (variant, i, str(game))
        best_first = _BestFirst(game, BEST_FIRST_WEIGHTS[i % 6], random.Random(i)).run(None, 60)
        assert best_first.status == result.status, (variant, i, str(game))
        restarts_only = solve(game, max_nodes=100_000, prove=False)
        assert restarts_only.status in (result.status, "undecided"), (variant, i, str(game))
        verdicts[truth] += 1
        if truth:
            assert replays_to_win(_clone(game), result.moves)
            assert replays_to_win(_clone(game), best_first.moves)
            if restarts_only.status == "won":
                assert replays_to_win(_clone(game), restarts_only.moves)
    # Lost endgames rarely fit the reference search's cap; the hand-made ones cover "lost".
    assert sum(verdicts.values()) >= 3, verdicts


def game_tableau(variant: str) -> list[int]:
    return list(Game(patience.load_variant(variant))._lay.by_kind.get("tableau", ()))


@pytest.mark.parametrize("variant", ["willow", "thumb-and-pouch"])
def test_restarts_give_the_same_verdict_for_the_same_node_budget(variant):
    config = patience.load_variant(variant)
    for deal in range(1, 6):
        first = solve(Game(config, deal=deal, autoplay=True), max_nodes=20_000)
        again = solve(Game(config, deal=deal, autoplay=True), max_nodes=20_000)
        assert (first.status, first.moves, first.nodes) == (again.status, again.moves, again.nodes)
        assert first.nodes <= 20_000
        if first.status == "won":
            assert replays_to_win(Game(config, deal=deal, autoplay=True), first.moves)


def _searched(game: Game, monkeypatch: pytest.MonkeyPatch) -> Game:
    """The game, with `solve` made to search it even where `_Rules.locked` would call it
    lost before any search."""
    monkeypatch.setattr(_rules(game._lay), "locks", False)
    return game


def test_a_budgeted_search_still_proves_a_loss(monkeypatch):
    """Restarts in shuffled orders prune as soundly as the plain search: a loss stays a loss."""
    lost = _searched(_borrowing_position(play_back=False), monkeypatch)
    assert solve(lost, max_nodes=100_000).status == "lost"
    assert solve(lost, max_seconds=30).status == "lost"


def test_shuffled_orders_try_the_same_moves():
    config = patience.load_variant("willow")
    tried = 0
    for deal in range(1, 30):
        game = Game(config, deal=deal, autoplay=True)
        search = _Search(game)
        plain = search.children()
        restart = _Search(game, random.Random(deal))
        shuffled = restart.children()
        # Restarts leave out swaps between like cards (see the test below), nothing else.
        assert sorted(restart._side_steps(plain, search.game._piles)) == sorted(shuffled)
        tried += len(plain) > 1
    assert tried >= 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_best_first_solutions_replay_to_a_win(variant):
    config = patience.load_variant(variant)
    won = 0
    for deal in range(1, 7):
        game = Game(config, deal=deal, autoplay=deal % 2 == 0)
        before = game.to_json()
        weights = BEST_FIRST_WEIGHTS[deal % len(BEST_FIRST_WEIGHTS)]
        result = _BestFirst(game, weights, random.Random(deal)).run(3000, None)
        assert game.to_json() == before, "the caller's game must not change"
        assert result.nodes <= 3000 + 200  # the last position's moves may pass the budget
        if result.status == "won":
            won += 1
            assert replays_to_win(Game(config, deal=deal, autoplay=deal % 2 == 0),
                                  result.moves)
    if variant == "westcliff":
        assert won >= 4


def test_best_first_proves_and_finds_as_depth_first_does():
    locked = _locked_position()
    for weights in BEST_FIRST_WEIGHTS:
        assert _BestFirst(locked, weights, None).run(None, None).status == "lost"
    assert _BestFirst(_borrowing_position(play_back=False), BEST_FIRST_WEIGHTS[0],
                      random.Random(1)).run(None, None).status == "lost"
    borrowing = _borrowing_position(play_back=True)
    result = _BestFirst(borrowing, BEST_FIRST_WEIGHTS[0], None).run(None, None)
    assert result.status == "won"
    assert replays_to_win(_clone(borrowing), result.moves)


def test_best_first_distance_counts_home_blocked_and_buried_cards():
    game = position("willow", {
        "foundation.0": suit_up("C", 3),
        "tableau.0": ["4C", "9H", "5D"],  # 4C is wanted now: two cards on it
        "tableau.1": ["AD", "2D"],  # built the wrong way for the foundation: 2D blocks
    })
    home = _BestFirst(game, (1, 0, 0), None).distance()
    blocked = _BestFirst(game, (0, 1, 0), None).distance()
    buried = _BestFirst(game, (0, 0, 1), None).distance()
    assert home == -3
    # 9H and 5D lie on the 4C, wanted before them; so does 2D on the AD.
    assert blocked == 3
    # Cards wanted within two count 3, 2 or 1 for each card on them: 4C and AD, wanted now,
    # under two cards and one; 2D, wanted next, on top; 5D and 9H are further off.
    assert buried == 3 * 2 + 3 * 1


def test_where_foundations_take_whole_runs_best_first_counts_breaks_in_runs():
    game = position("simple-simon", {
        "foundation.0": [f"{r}S" for r in "KQJT98765432A"],
        "tableau.0": ["KH", "QH", "JC", "TC"],  # a break where JC lies on QH
        "tableau.1": ["#5D", "4D"],  # a face-down card: a break
        "tableau.2": ["9D"],
    })
    empty = sum(1 for p in game._lay.by_kind["tableau"] if not game._piles[p])
    assert _BestFirst(game, (0, 1, 0), None).distance() == 2 + EMPTY_PILE_BREAKS * empty
    assert _BestFirst(game, (1, 0, 0), None).distance() == -13
    # Nothing is counted for how deep the cards wanted next lie.
    assert _BestFirst(game, (0, 0, 1), None).distance() == 0


def test_best_first_restarts_only_where_every_card_is_in_sight():
    assert _open(Game(patience.load_variant("willow"), deal=1))
    closed = Game(patience.load_variant("thumb-and-pouch"), deal=1)
    assert not _open(closed)
    # Every card turned up and the stock dealt out: in sight again.
    closed._piles = [[code & ~FACE_DOWN for code in pile] for pile in closed._piles]
    assert not _open(closed)  # the stock still holds cards
    stock, waste = closed._lay.stock, closed._lay.waste
    closed._piles[waste] += closed._piles[stock]
    closed._piles[stock] = []
    assert _open(closed)


def _after_a_full_pass(variant: str) -> tuple[_Search, bytes]:
    """A search at deal 3's start, and its key once the stock has gone round once."""
    search = _Search(Game(patience.load_variant(variant), deal=3))
    before = search.key()
    lay = search.lay
    while True:
        turn = search.game.stock_move()
        assert turn is not None
        search.play((lay.index[turn.source], lay.index[turn.target], turn.count, ()))
        if search.game._passes == 2 and not search.game._piles[lay.waste]:
            return search, before


def test_pass_count_is_left_out_of_the_key_only_when_passes_are_unlimited():
    unlimited, before = _after_a_full_pass("klondike-by-threes")
    assert unlimited.key() == before
    limited, before = _after_a_full_pass("chinaman")
    assert limited.key() != before


CYCLING = ["klondike-by-threes", "klondike", "chinaman", "westcliff", "canfield"]


def _piles_after(game: Game, moves: list[patience.Move]) -> tuple[tuple[int, ...], ...]:
    """The piles after these moves, each group of interchangeable piles in sorted order."""
    twin = _clone(game)
    for move in moves:
        twin.play(move)
    piles = [tuple(pile) for pile in twin._piles]
    for group in _rules(twin._lay).groups:
        for p, pile in zip(group, sorted(piles[p] for p in group), strict=True):
            piles[p] = pile
    return tuple(piles)


# Canfield's spaces fill themselves from the reserve: with automatic moves as well.
@pytest.mark.parametrize(("variant", "autoplay"),
                         [(v, False) for v in CYCLING] + [("canfield", True)])
def test_stock_cycle_options_are_the_turns_then_a_waste_card(variant, autoplay):
    """The options of one position are exactly: each move now, and each move of the waste's
    top card after one or more turns, as turning one card at a time through `Game.play`
    finds them (positions compared by their piles)."""
    config = patience.load_variant(variant)
    rng = random.Random(variant)
    cycled = 0
    for deal in range(1, 9):
        game = Game(config, deal=deal, autoplay=autoplay)
        for _ in range(rng.randrange(0, 30)):
            legal = game.legal_moves()
            if legal:
                game.play(rng.choice(legal))
        search = _Search(game)
        assert search.cycles
        search.dominance = search.side_steps = False
        got = {_piles_after(game, search.to_moves(option)) for option in search.options()}
        lay = game._lay
        waste = lay.ids[lay.waste]
        expected = set()
        walker = _clone(game)
        turns: list[patience.Move] = []
        states = set()
        while True:
            for move in walker.legal_moves():
                if lay.kinds[lay.index[move.source]] == "stock" or move.target == "stock.0":
                    continue
                if not turns or move.source == waste:
                    expected.add(_piles_after(game, [*turns, move]))
            state = (tuple(walker._piles[lay.stock]), tuple(walker._piles[lay.waste]))
            turn = walker.stock_move()
            if state in states or turn is None:
                break
            states.add(state)
            walker.play(turn)
            turns.append(turn)
        here = _piles_after(game, [])
        assert got - {here} == expected - {here}, (variant, deal, str(game))
        cycled += any(option[3] for option in search.options())
    assert cycled >= 4


def _fresh_parts(search: _Search) -> list[bytes]:
    """Each pile's part of the key, worked out anew from the search's game."""
    return [search.rules.part(pile) for pile in search.game.stacks]


def _stale_hosts(search: _Search) -> list[object]:
    """The piles whose hosts the search keeps (see `_Rules.exchanged`) are not the ones their
    cards give now; and so for the blocked like keys and the stock's line, if kept."""
    piles, rules = search.game.stacks, search.rules
    stale: list[object] = [p for p, known in enumerate(search.hosts)
                           if known is not None and known != rules.pile_hosts(p, piles[p])]
    if search.blocked is not None and search.blocked != rules.blocked(piles,
                                                                      search.game.base_rank):
        stale.append("blocked")
    lay = search.lay
    if search.line is not None and search.line != rules.split(piles[lay.waste],
                                                              piles[lay.stock]):
        stale.append("line")
    return stale


@pytest.mark.parametrize("variant", [*CYCLING, "forty-thieves"])
def test_each_piles_part_of_the_key_is_kept_up_to_date(variant):
    """As a search plays and takes back moves (a move after many turns of the stock
    included), each pile's part of the key is the one the pile's cards give now, and the key
    comes back to what it was."""
    config = patience.load_variant(variant)
    rng = random.Random(variant)
    turned = hosts = blocked = lines = 0
    for deal in range(1, 6):
        game = Game(config, deal=deal, autoplay=True)
        search = _Search(game)
        records = []
        for _ in range(40):
            options = search.options()
            if not options:
                break
            option = rng.choice(options)
            turned += len(option[3]) > 1
            records.append((search.key(), search.play(option)))
            assert search.parts == _fresh_parts(search), (variant, deal)
            assert not _stale_hosts(search), (variant, deal)
        for key, record in reversed(records):
            search.undo(record)
            assert search.parts == _fresh_parts(search), (variant, deal)
            assert not _stale_hosts(search), (variant, deal)
            assert search.key() == key, (variant, deal)
        hosts += sum(known is not None for known in search.hosts)
        blocked += search.blocked is not None
        lines += search.line is not None
    assert turned
    assert (hosts and blocked) or not search.exchange
    assert lines or not search.free_turns


@pytest.mark.parametrize(("variant", "first", "past"), [
    ("klondike", 1, 1),  # unlimited passes: a card turned past comes round again
    ("westcliff", 1, 100),  # one pass: a card turned past stays under the one played
    ("blind-alleys", 100, 100),  # two passes: every turn brings the last pass nearer
])
def test_stock_turns_cost_what_the_passes_make_them(variant, first, past):
    """In the ordering, a move after k turns of the stock counts `first` less for the turn
    that brings up its card and `past` less for each card turned past it."""
    rng = random.Random(variant)
    seen = set()
    for deal in range(1, 6):
        game = Game(patience.load_variant(variant), deal=deal)
        for _ in range(rng.randrange(0, 20)):
            legal = game.legal_moves()
            if legal:
                game.play(rng.choice(legal))
        search = _Search(game)
        piles = game.stacks
        for s, t, n, turns in search.options():
            if turns:
                cost = search._score((s, t, n, ()), piles) - search._score((s, t, n, turns), piles)
                assert cost == first + past * (len(turns) - 1), (deal, len(turns))
                seen.add(len(turns))
    assert len(seen) >= 3, seen


def test_stock_cycle_waits_for_turns_that_nothing_follows():
    """Automatic moves rule the cycle out where a turn could set them off: where the
    foundations build by themselves; Canfield's spaces, filled from the reserve, cannot."""
    canfield = patience.load_variant("canfield")
    assert _Search(Game(canfield, deal=1, autoplay=True)).cycles
    config = copy.deepcopy(canfield)
    config["piles"]["foundation"]["automatic"] = True
    assert _Search(Game(config, deal=1, autoplay=False)).cycles
    assert not _Search(Game(config, deal=1, autoplay=True)).cycles
    config = copy.deepcopy(canfield)
    config["piles"]["tableau"]["spaces"]["from"] = ["waste"]
    config["piles"]["tableau"]["spaces"]["while_cards_in"] = ["reserve"]
    assert not _Search(Game(config, deal=1, autoplay=True)).cycles


def _endgames(variant: str, seed: str, extra: range) -> Iterator[tuple[int, Game]]:
    """Forty random endgames of a variant, numbered: a card more on each tableau pile and
    `extra` cards besides; automatic moves on every second one, foundations that give
    cards back on every third."""
    rng = random.Random(variant + seed)
    spare = len(game_tableau(variant))
    for i in range(40):
        yield i, _endgame(variant, rng, out=spare + rng.choice(extra), autoplay=i % 2 == 0,
                          play_back=i % 3 == 0)


@pytest.mark.parametrize("variant",
                         ["klondike-by-threes", "chinaman", "thumb-and-pouch", "canfield"])
def test_stock_cycle_changes_no_verdict(variant):
    compared = 0
    for i, game in _endgames(variant, "cycle", range(3, 10)):
        if compared >= 6:
            break
        cycling = _Search(game)
        turning = _Search(game)
        turning.cycles = turning.free_turns = turning.covers = False
        one, other = cycling.run(200_000, 30), turning.run(200_000, 30)
        if one.decided and other.decided:
            compared += 1
            assert one.status == other.status, (variant, i, str(game))
            if one.status == "won":
                assert replays_to_win(_clone(game), one.moves)
    assert compared >= 3


def test_with_unlimited_passes_turns_alone_lead_to_the_same_position():
    """Turning one card at a time, every split of the stock is one position; turning three,
    the splits the turns from the start reach are, and any other split counts for itself."""
    for variant, cards in (("klondike", 1), ("klondike-by-threes", 3)):
        game = Game(patience.load_variant(variant), deal=3)
        search = _Search(game)
        assert search.free_turns
        start = search.key()
        stock, waste = game.layout.stock, game.layout.waste
        for _ in range(30):
            piles = search.game.stacks
            left = len(piles[stock])
            search.play((stock, waste, min(cards, left), ()) if left
                        else (waste, stock, len(piles[waste]), ()))
            assert search.key() == start
    split = _rules(Game(patience.load_variant("klondike-by-threes")).layout).split
    waste, stock = [card(c) for c in ("2H", "9C", "KD")], [card("5S") | FACE_DOWN]
    assert split(waste, stock)[0] == 0  # three turned: the start's turns reach it
    assert split(waste[:2], stock)[0] == 2  # two: none of the start's turns
    assert split(waste[:2], [])[0] == 0  # the end: every pass reaches it
    # The waste turned back into the stock: the same line of cards.
    assert split(waste, stock)[1:] == split([], [c | FACE_DOWN for c in stock + waste[::-1]])[1:]
    assert not _Search(Game(patience.load_variant("westcliff"))).free_turns
    assert not _Search(Game(patience.load_variant("blind-alleys"))).free_turns


@pytest.mark.parametrize("variant", ["klondike", "klondike-by-threes", "canfield"])
def test_one_position_for_turns_alone_changes_no_verdict(variant):
    """On endgames and on a few deals (where whole stocks make splits meet more often)."""
    games = [game for i, game in _endgames(variant, "turns", range(20, 28)) if i < 16]
    games += [Game(patience.load_variant(variant), deal=d) for d in (2, 13, 20)]
    compared, merged = _with_and_without(("free_turns", "covers"), games, 20_000, 5)
    assert compared >= 6 and merged


def test_a_position_covers_the_positions_its_turns_alone_lead_to():
    """From a split that the start's turns never reach, turning on reaches the later splits
    of the same residue and then, round the end, the start: exactly the keys it covers."""
    game = Game(patience.load_variant("klondike-by-threes"), deal=3)
    search = _Search(game)
    assert search.covers
    stock, waste = game.layout.stock, game.layout.waste
    start = search.key()
    assert search.rules.turned_to(start) == []
    search.play((stock, waste, 3, ()))
    played = next(m for m in search.moves() if m[0] == waste)  # the waste's top goes out
    search.play((*played, ()))
    here = search.key()
    covered = search.rules.turned_to(here)
    assert here not in covered and len(covered) == len(set(covered)) > 2
    reached = []
    while True:
        left = len(search.game.stacks[stock])
        search.play((stock, waste, min(3, left), ()) if left
                    else (waste, stock, len(search.game.stacks[waste]), ()))
        if search.key() in reached:
            break
        reached.append(search.key())
    assert set(reached) == set(covered)
    assert not _Search(Game(patience.load_variant("chinaman"))).covers  # passes are limited
    assert not _Search(game, random.Random(1)).covers  # restarts look for wins only


@pytest.mark.parametrize("variant", ["klondike-by-threes", "canfield"])
def test_covering_the_positions_turns_lead_to_changes_no_verdict(variant):
    games = [game for i, game in _endgames(variant, "covers", range(20, 28)) if i < 16]
    games += [Game(patience.load_variant(variant), deal=d) for d in (2, 13, 20)]
    compared, pruned = _with_and_without(("covers",), games, 20_000, 5)
    assert compared >= 6 and pruned


def _with_and_without(switches: tuple[str, ...], games: list[Game], nodes: int,
                      seconds: float, off: tuple[str, ...] = ()) -> tuple[int, int]:
    """Search each game in the usual order with `switches` off and on (and `off` off in both):
    where both decide, the verdicts agree and wins replay. Returns how many both decided, and
    in how many the switches changed the positions searched (so that they were put to
    work)."""
    compared = changed = 0
    for i, game in enumerate(games):
        without, search = _Search(game), _Search(game)
        for switch in off:
            setattr(without, switch, False)
            setattr(search, switch, False)
        for switch in switches:
            assert getattr(without, switch)
            setattr(without, switch, False)
        one, other = without.run(nodes, seconds), search.run(nodes, seconds)
        if one.decided and other.decided:
            compared += 1
            changed += one.nodes != other.nodes
            assert one.status == other.status, (switches, i, str(game))
            if other.status == "won":
                assert replays_to_win(_clone(game), other.moves)
    return compared, changed


def test_a_search_run_in_slices_is_the_search_run_once():
    """`solve` gives the search in the usual order its budget in slices: nothing is lost."""
    for game in (_borrowing_position(play_back=False), _borrowing_position(play_back=True)):
        whole = _Search(game).run(None, None)
        sliced = _Search(game)
        total = 0
        while True:
            part = sliced.run(37, None)
            total += part.nodes
            if part.decided:
                break
        assert (part.status, total) == (whole.status, whole.nodes)
        if part.status == "won":
            assert part.moves == whole.moves
            assert replays_to_win(_clone(game), part.moves)


def _swap_position(hearts_up_to: int) -> Game:
    """Klondike by threes: 8S-7H lies on the 9H, and the 9D could take it as well."""
    return position("klondike-by-threes", {
        "foundation.0": suit_up("H", hearts_up_to),
        "tableau.0": ["#KC", "9H", "8S", "7H"], "tableau.1": ["#KS", "9D"],
    })


def test_restarts_skip_swapping_a_group_between_like_cards_unless_one_goes_up():
    for hearts, kept in ((5, False), (8, True)):
        game = _swap_position(hearts)
        swap = (game._lay.index["tableau.0"], game._lay.index["tableau.1"], 2, ())
        restart = _Search(game, random.Random(1))
        assert swap[:3] in game.legal_steps()
        assert (swap[:3] in [m[:3] for m in restart.options()]) is kept
    rules = _rules(Game(patience.load_variant("klondike-by-threes"))._lay)
    assert rules.lay.by_kind["tableau"][0] in rules.swaps
    # Any other suit: a card's two hosts take different cards, so nothing is a mere swap.
    other = _rules(Game(patience.load_variant("thumb-and-pouch"))._lay)
    assert not other.swaps


def test_restarts_keep_a_swap_that_mends_a_run_where_foundations_take_whole_runs():
    """8H-7H lies on the 9S: onto the 9H it continues a run of hearts, onto the other 9S not.

    Where foundations take only complete runs, no 9 can go up on its own, so without the
    exception restarts could never mend a run.
    """
    for host, kept in (("9H", True), ("9S", False)):
        game = position("spider-two-suits", {
            "tableau.0": ["#2S", "9S", "8H", "7H"], "tableau.1": ["#3S", host]})
        swap = (game._lay.index["tableau.0"], game._lay.index["tableau.1"], 2, ())
        assert swap[:3] in game.legal_steps()
        assert (swap in _Search(game, random.Random(1)).options()) is kept
    # Where foundations build card by card the exception does not apply (see the test above).
    game = position("klondike-by-threes", {
        "foundation.0": suit_up("H", 5), "tableau.0": ["#KC", "9H", "8S", "7H"],
        "tableau.1": ["#KS", "9D"]})
    assert not _Search(game, random.Random(1))._joins_run(
        card("8S"), card("9H"), card("9D"), game._lay.index["tableau.1"])


def test_a_complete_search_leaves_out_side_steps_unless_a_like_card_goes_up():
    """Moving 8S-7H from the 9H to the 9D: left out unless a 9 of a red suit can go up."""
    for foundations, kept in (({"foundation.0": suit_up("H", 5)}, False),
                              ({"foundation.0": suit_up("H", 8)}, True),
                              ({"foundation.0": suit_up("D", 8)}, True)):
        game = position("klondike-by-threes", {
            **foundations, "tableau.0": ["#KC", "9H", "8S", "7H"], "tableau.1": ["#KS", "9D"]})
        side_step = (game._lay.index["tableau.0"], game._lay.index["tableau.1"], 2, ())
        assert (side_step in _Search(game).options()) is kept
    # Automatic moves could tell the two nines apart: nothing is left out under them.
    assert not _Search(Game(patience.load_variant("canfield"), autoplay=True)).side_steps


def test_side_steps_are_left_out_only_where_their_argument_holds():
    def shifts(variant: str) -> bool:
        return bool(_rules(Game(patience.load_variant(variant))._lay).shifts)

    assert shifts("klondike") and shifts("yukon") and shifts("rank-and-file")
    # Groups limited by free cells, runs of one suit built on any suit, a card's two hosts
    # taking different cards, single cards only.
    assert not any(shifts(v) for v in ("freecell", "spider", "thumb-and-pouch", "streets"))
    # Tableau cards that may go onto a pile of another kind taking single cards (fans,
    # a reserve of kings): there a bare card moves where one under a stack cannot.
    assert not any(shifts(v) for v in ("willow", "batsford", "batsford-again"))


def test_a_card_that_goes_bare_to_a_fan_keeps_its_side_step():
    """Willow's deal 752: its only win moves 6D-5C off the 7S onto the 7C, then the bare 7S
    onto a fan's 7H. Left out as a side step, the search would call the deal lost."""
    game = Game(patience.load_variant("willow"), deal=752, autoplay=True)
    assert _Search(game).run(20_000, 30).status == "won"
    result = solve(game, max_nodes=20_000)
    assert result.status == "won"
    assert replays_to_win(_clone(game), result.moves)


@pytest.mark.parametrize(("variant", "extra"), [
    ("klondike-by-threes", range(20, 30)), ("yukon", range(20, 30)),
    ("westcliff", range(20, 30)), ("rank-and-file", range(30, 45)),
    ("blind-alleys", range(30, 45))])
def test_leaving_out_side_steps_changes_no_verdict(variant, extra):
    # Stacks exchanged on like cards make a left-out side step's position one already
    # searched: without that, the side steps show.
    games = [game for i, game in _endgames(variant, "side", extra) if i < 12]
    compared, pruned = _with_and_without(("side_steps",), games, 50_000, 10, off=("exchange",))
    assert compared >= 4
    assert pruned, "no endgame had a side step to leave out"


@pytest.mark.parametrize(("variant", "extra", "shows"), [
    ("klondike-by-threes", range(20, 30), True), ("klondike", range(25, 35), True),
    ("yukon", range(20, 30), True), ("blind-alleys", range(30, 45), True),
    ("westcliff", range(20, 30), False), ("rank-and-file", range(30, 45), False)])
def test_exchanging_the_stacks_on_like_cards_changes_no_verdict(variant, extra, shows):
    """`shows`: whether some of these endgames have stacks to exchange (in the others few
    face-up cards lie on each other)."""
    games = [game for i, game in _endgames(variant, "exchange", extra) if i < 12]
    compared, merged = _with_and_without(("exchange",), games, 50_000, 10)
    assert compared >= 4
    assert merged or not shows, "no endgame had stacks to exchange"


def _stacks(foundations: dict[str, list[str]], on_hearts: list[str],
            on_diamonds: list[str]) -> Game:
    """Klondike by threes: the 9H and the 9D, each face up on a face-down king, with these
    cards on them."""
    return position("klondike-by-threes", {
        **foundations, "tableau.0": ["#KC", "9H", *on_hearts],
        "tableau.1": ["#KS", "9D", *on_diamonds]})


def test_stacks_on_like_cards_are_one_position_while_no_like_card_can_go_up():
    """8S-7H on the 9H with the 9D bare is 8S-7H on the 9D with the 9H bare; 8S-7H and 8C on
    them, the other way round, too. Not once a red nine can go up, nor in a restart."""
    for foundations, merged in (({"foundation.0": suit_up("H", 5)}, True),
                                ({"foundation.0": suit_up("H", 8)}, False),
                                ({"foundation.0": suit_up("D", 8)}, False)):
        for one, other in ((["8S", "7H"], []), (["8S", "7H"], ["8C"])):
            a = _stacks(foundations, one, other)
            b = _stacks(foundations, other, one)
            assert (_Search(a).key() == _Search(b).key()) is merged, (foundations, one, other)
            assert _Search(a, random.Random(1)).key() != _Search(b, random.Random(1)).key()


@pytest.mark.parametrize("variant", ["klondike", "golf", "spider", "bakers-dozen", "wood",
                                     "klondike-by-threes", "westcliff", "forty-thieves",
                                     "blind-alleys", "chinaman"])
def test_peek_keys_the_position_a_move_leads_to_without_making_it(variant):
    """Plain moves and waste cards played after turns of the stock alike; only a turn or a
    redeal on its own is left to be made."""
    rng = random.Random(variant)
    peeked = after_turns = 0
    for deal in (1, 2):
        search = _Search(Game(patience.load_variant(variant), deal=deal))
        assert search.peeks
        for _ in range(80):
            options = search.options()
            if not options:
                break
            for option in options:
                before = (search.key(), [list(p) for p in search.game.stacks])
                ahead = search.peek(option)
                assert (search.key(), search.game.stacks) == before
                if ahead is None:
                    assert search.lay.stock in option[:2]
                    continue
                record = search.play(option)
                assert search.key() == ahead
                search.undo(record)
                peeked += 1
                after_turns += bool(option[3])
            search.play(rng.choice(options))
    assert peeked >= 40
    assert after_turns >= 10 or not search.cycles


def test_peeking_keeps_the_line_and_counts_fewer_positions():
    """The same moves in the same order: the same verdict and line, fewer positions made."""
    decided = fewer = 0
    for deal in (2, 5, 13, 20):
        game = Game(patience.load_variant("klondike-by-threes"), deal=deal)
        blind = _Search(game)
        blind.peeks = False
        one, other = blind.run(30_000, None), _Search(game).run(30_000, None)
        if one.decided:
            decided += 1
            assert (other.status, other.moves) == (one.status, one.moves)
            assert other.nodes <= one.nodes
            fewer += other.nodes < one.nodes
    assert decided >= 2 and fewer


def test_a_restart_that_runs_out_of_moves_proves_nothing():
    lost = _borrowing_position(play_back=False)
    assert _Search(lost).run(None, None).status == "lost"
    assert _Search(lost, random.Random(3)).run(None, None).status == "undecided"


def test_restarts_stop_once_one_has_searched_all_its_moves_reach(monkeypatch):
    """Every restart's moves reach the same positions, whatever their order: once one has
    searched them all, a win search stops, and a proof search takes the rest of the budget."""
    lost = _borrowing_position(play_back=False)
    assert solve(lost).nodes == 0  # locked: the 4D waits for the 5S, home for good
    lost = _searched(lost, monkeypatch)
    assert _Search(lost, random.Random(1)).run(None, None).status == "undecided"
    found = solve(lost, max_nodes=10**9, prove=False)
    assert found.status == "undecided" and found.nodes < 10_000
    assert solve(lost, max_nodes=10**9).status == "lost"


def _swapped(game: Game, rng: random.Random) -> Game | None:
    """The position with two cards that the solver counts as alike swapped between two
    piles (None if it holds no such pair)."""
    classes = _rules(game._lay).classes
    assert classes is not None
    spots = [(p, i) for p, pile in enumerate(game._piles) for i in range(len(pile))]
    rng.shuffle(spots)
    for a, (p, i) in enumerate(spots):
        for q, j in spots[a + 1:]:
            x, y = game._piles[p][i], game._piles[q][j]
            if p != q and x != y and classes[x] == classes[y]:
                twin = _clone(game)
                twin._piles[p][i], twin._piles[q][j] = y, x
                return twin
    return None


def test_cards_are_alike_only_where_no_rule_tells_them_apart():
    def alike(variant: str, a: str, b: str) -> bool:
        classes = _rules(Game(patience.load_variant(variant))._lay).classes
        return classes is not None and classes[card(a)] == classes[card(b)]

    # Alternate colours on every pile: the same rank and colour.
    assert alike("wood", "7H", "7D") and not alike("wood", "7H", "7S")
    assert alike("wood", "7C", "7S") and not alike("wood", "7C", "8C")
    # Suits never count: the same rank.
    assert alike("golf", "7H", "7S") and not alike("golf", "7H", "8H")
    # Foundations in suit: every card for itself.
    assert _rules(Game(patience.load_variant("klondike"))._lay).classes is None


@pytest.mark.parametrize("variant", ["wood", "golf", "black-hole", "blondes-and-brunettes"])
def test_alike_cards_swapped_give_the_same_key_and_verdict(variant):
    """The claim behind the classes, checked by a plain exhaustive search that tells every
    card apart: swapping alike cards changes no verdict; and the solver's key is the same."""
    rng = random.Random(variant + "alike")
    compared = 0
    for i, game in _endgames(variant, "alike", range(2, 6)):
        if compared >= 4:
            break
        twin = _swapped(game, rng)
        if twin is None:
            continue
        assert _Search(game).key() == _Search(twin).key()
        one, other = _exhaustive(_clone(game), 3000), _exhaustive(_clone(twin), 3000)
        if one is not None and other is not None:
            compared += 1
            assert one == other, (variant, i, str(game), str(twin))
    assert compared >= 2


def _golf_7c(stock: list[str], home_8s: list[str]) -> Game:
    """Golf with the 5H on the foundation, every six home and the eights in `home_8s`."""
    return position("golf", {
        "foundation.0": ["6C", "6D", "6H", "6S", *home_8s, "5H"],
        "tableau.0": ["7C"], "tableau.1": ["4D"], "stock.0": stock,
    })


def test_a_card_no_top_can_ever_take_is_lost_at_once():
    """The 7C needs a six or an eight on top of the foundation, and none is out: lost
    without a search. An eight still in the stock, or the 7C itself there, keeps it open."""
    stranded = _golf_7c([], ["8C", "8D", "8H", "8S"])
    assert _rules(stranded._lay).stranded(stranded._piles)
    assert _Search(stranded).expand() == []
    assert _exhaustive(_clone(stranded), 1000) is False
    assert solve(stranded).status == "lost"
    for game in (_golf_7c(["#8S"], ["8C", "8D", "8H"]),
                 position("golf", {"foundation.0": ["6C", "6D", "6H", "6S", "8C", "8D", "8H",
                                                    "8S", "5H"],
                                   "tableau.0": ["4D"], "stock.0": ["#7C"]})):
        assert not _rules(game._lay).stranded(game._piles)
        assert solve(_clone(game)).status == ("won" if _exhaustive(_clone(game), 1000)
                                              else "lost")
    # Only where one foundation keeps every card it gets.
    assert _rules(Game(patience.load_variant("klondike"))._lay).under is None


def test_cards_out_that_cannot_each_have_a_card_of_their_own_are_lost():
    """Two kings out and one queen: each king has a card to go onto, but not one each."""
    def golf(*tableau: str) -> Game:
        """The other cards home, the JH on top; the 4C in the stock."""
        home = [r + s for s in "CDHS" for r in "A23456789TJQK"
                if r + s not in (*tableau, "4C", "JH")]
        return position("golf", {"foundation.0": [*home, "JH"], "stock.0": ["#4C"],
                                 **{f"tableau.{i}": [c] for i, c in enumerate(tableau)}})

    short = golf("KC", "KD", "QS")
    assert _rules(short._lay).stranded(short._piles)
    assert _exhaustive(_clone(short), 1000) is False
    assert solve(short).status == "lost"
    enough = golf("KC", "KD", "QS", "QH")
    assert not _rules(enough._lay).stranded(enough._piles)
    assert _exhaustive(_clone(enough), 1000) is True
    assert solve(enough).status == "won"


def _late_positions(variant: str) -> Iterator[Game]:
    """Positions late in won deals: a winning line stopped short of its end, then the same
    position after some other move (which may or may not lose)."""
    rng = random.Random(variant + "late")
    found = 0
    for deal in range(1, 30):
        game = Game(patience.load_variant(variant), deal=deal)
        result = solve(_clone(game), max_nodes=20_000)
        if result.status != "won" or len(result.moves) < 12:
            continue
        cut = len(result.moves) - rng.randrange(6, 12)
        for move in result.moves[:cut]:
            game.play(move)
        yield _clone(game)
        for move in game.legal_moves():
            if move != result.moves[cut]:
                other = _clone(game)
                other.play(move)
                yield other
        found += 1
        if found == 4:
            return


@pytest.mark.parametrize("variant", ["golf", "black-hole", "all-in-a-row"])
def test_the_matching_of_cards_out_changes_no_verdict(variant):
    """Late positions of won deals and random endgames that a plain exhaustive search
    decides, losses included: the search in the usual order agrees."""
    verdicts = {True: 0, False: 0}
    games = [*_late_positions(variant),
             *(game for _, game in _endgames(variant, "matching", range(4, 14)))]
    for game in games:
        truth = _exhaustive(_clone(game), 3000)
        if truth is None:
            continue
        verdicts[truth] += 1
        result = _Search(game).run(None, 30)
        assert result.status == ("won" if truth else "lost"), (variant, str(game))
    assert verdicts[True] >= 3 and verdicts[False] >= 3, verdicts


def _kept_klondike(piles: dict[str, list[str]], config: dict | None = None) -> Game:
    """A hand-made position on Klondike's piles, under `config` (Klondike's own by default)
    with foundations that give nothing back, which keeps the plain exhaustive search small."""
    game = position("klondike", piles)
    kept = Game(_kept_home(config or game.config), deal=1)
    kept._piles = game._piles
    return kept


def _queen_over(*under: str, elsewhere: tuple[str, ...] = ()) -> Game:
    """Klondike with every card home but the kings of hearts and diamonds, the JS, QS and KS:
    the QS on top of the cards `under`, the rest on piles of their own."""
    return _kept_klondike({
        "foundation.0": suit_up("C", 13), "foundation.1": suit_up("D", 12),
        "foundation.2": suit_up("H", 12), "foundation.3": suit_up("S", 10),
        "tableau.0": [*under, "QS"],
        **{f"tableau.{i + 1}": [c] for i, c in enumerate((*elsewhere, "KS"))}})


def test_cards_that_block_each_other_for_good_are_lost():
    """The QS can go onto neither red King (both beneath it) nor a space: it must go up
    before the JS beneath it leaves, yet it goes up only after the JS."""
    locked = _queen_over("KH", "KD", "#JS")
    assert _rules(locked._lay).locked(locked._piles)
    assert _exhaustive(_clone(locked), 1000) is False
    result = solve(locked)
    assert (result.status, result.nodes) == ("lost", 0)
    # A red King elsewhere takes the QS, and the JS is free to go up.
    free = _queen_over("KH", "#JS", elsewhere=("KD",))
    assert not _rules(free._lay).locked(free._piles)
    assert _exhaustive(_clone(free), 1000) is True
    assert solve(free).status == "won"
    # Only where a card cannot leave its pile by some other road: not with free cells.
    assert not _rules(Game(patience.load_variant("freecell"))._lay).locks


def _queens_and_kings(piles: dict[str, list[str]]) -> Game:
    """Klondike with every card home but the red Queens and Kings, the TS, JS, QS and KS: the
    red Kings under the JS, and `piles` besides."""
    return _kept_klondike({
        "foundation.0": suit_up("C", 13), "foundation.1": suit_up("D", 11),
        "foundation.2": suit_up("H", 11), "foundation.3": suit_up("S", 9),
        "tableau.1": ["KH", "KD", "JS"], **piles})


def test_cards_that_wait_on_each_other_across_piles_are_lost():
    """The QS waits for a red King, both under the JS; the JS waits for a red Queen, both
    under the QS, and for the TS beneath them to go up first: no card can ever go up, though
    no card has every card it may go onto beneath it."""
    locked = _queens_and_kings({"tableau.0": ["QH", "QD", "TS", "QS"], "tableau.2": ["KS"]})
    assert _rules(locked._lay).locked(locked._piles)
    assert _exhaustive(_clone(locked), 1000) is False
    result = solve(locked)
    assert (result.status, result.nodes) == ("lost", 0)
    # With the QD on a pile of its own, the JS goes onto it, the QS onto the KD, and all go up.
    free = _queens_and_kings({"tableau.0": ["QH", "TS", "QS"], "tableau.2": ["KS"],
                              "tableau.3": ["QD"]})
    assert not _rules(free._lay).locked(free._piles)
    assert _exhaustive(_clone(free), 1000) is True
    assert solve(free).status == "won"


def test_the_search_asks_for_locks_once_every_card_is_in_the_piles():
    """A position the search comes to is cut when it is locked and no card waits in the stock
    or the waste; with a card there, only `solve`'s first look finds the lock."""
    queens = ["QH", "QD", "TS", "QS"]
    dealt = _queens_and_kings({"tableau.0": queens, "tableau.2": ["KS"]})
    assert _Search(dealt).hopeless()
    waiting = _queens_and_kings({"tableau.0": queens, "stock.0": ["#KS"]})
    assert _rules(waiting._lay).locked(waiting._piles)
    assert not _Search(waiting).hopeless()
    assert solve(waiting).nodes == 0
    free = _queens_and_kings({"tableau.0": ["QH", "TS", "QS"], "tableau.2": ["KS"],
                              "tableau.3": ["QD"]})
    assert not _Search(free).hopeless()
    # Where a space takes any card, only the first look: any pile that empties frees all.
    assert not _rules(Game(patience.load_variant("beleaguered-castle"))._lay).lock_watch
    assert _rules(Game(patience.load_variant("good-measure"))._lay).lock_watch


def _kings_over_queens(spade_queen: str) -> Game:
    """Yukon with the tens to Kings of clubs, diamonds and spades and the QH and KH out: on
    every pile a top card whose card below in its suit is buried and whose cards to go onto
    are buried or face down. The QS lies under the KD, `spade_queen` telling how."""
    return position("yukon", {
        "foundation.0": suit_up("C", 9), "foundation.1": suit_up("D", 9),
        "foundation.2": suit_up("H", 11), "foundation.3": suit_up("S", 9),
        "tableau.0": ["#QD", spade_queen, "KD"], "tableau.1": ["#QH", "KS"],
        "tableau.2": ["KH"], "tableau.3": ["#QC", "KC"], "tableau.4": ["#TD", "#TS", "JC"],
        "tableau.5": ["#TC", "JS"], "tableau.6": ["JD"]})


def test_a_face_up_card_leaves_with_the_cards_above_it():
    """Where any face-up card moves with the cards above it, the face-up QS carries the KD
    onto the KH, the QD turned goes onto the KC, and every card goes up in the end, though
    no top card can move alone. Face down, the QS cannot move, and nothing else can."""
    free = _kings_over_queens("QS")
    assert not _rules(free._lay).locked(free._piles)
    assert _exhaustive(_clone(free), 5000) is True
    assert solve(free).status == "won"
    locked = _kings_over_queens("#QS")
    assert _rules(locked._lay).locked(locked._piles)
    assert _exhaustive(_clone(locked), 5000) is False
    result = solve(locked)
    assert (result.status, result.nodes) == ("lost", 0)


def test_a_face_up_group_in_suit_order_goes_up_at_once():
    """The JD and the QD on it go up together onto the TD, as any face-up group that
    builds on the foundation may: the QD has nowhere else to go, and the JD waits beneath
    it. With the JD face down, the two can never leave."""
    def diamonds(*tableau: str) -> Game:
        return position("yukon", {
            "foundation.0": suit_up("C", 13), "foundation.1": suit_up("D", 10),
            "foundation.2": suit_up("H", 13), "foundation.3": suit_up("S", 13),
            "tableau.0": list(tableau), "tableau.1": ["KD"]})

    free = diamonds("JD", "QD")
    assert not _rules(free._lay).locked(free._piles)
    assert _exhaustive(_clone(free), 1000) is True
    assert solve(free).status == "won"
    locked = diamonds("#JD", "QD")
    assert _rules(locked._lay).locked(locked._piles)
    assert _exhaustive(_clone(locked), 1000) is False


def test_a_run_in_suit_order_goes_up_at_once():
    """Klondike made to build up in suit, runs too: the JD and the QD on it go up together,
    the QD having nowhere else to go, so the lock test must not call the position lost."""
    config = patience.load_variant("klondike")
    tableau = config["piles"]["tableau"]
    tableau["build"].update(rank="up", suit="same-suit")
    tableau["moves"]["run"].update(rank="up", suit="same-suit")
    game = _kept_klondike({
        "foundation.0": suit_up("C", 13), "foundation.1": suit_up("D", 10),
        "foundation.2": suit_up("H", 13), "foundation.3": suit_up("S", 13),
        "tableau.0": ["JD", "QD"], "tableau.1": ["KD"]}, config)
    assert not _rules(game._lay).locked(game._piles)
    assert _exhaustive(_clone(game), 1000) is True
    assert solve(game).status == "won"


@pytest.mark.parametrize("variant", ["klondike-by-threes", "good-measure", "fortress",
                                     "yukon"])
def test_a_lock_is_never_won(variant, monkeypatch):
    """Random endgames that `locked` calls lost: a search that does not ask it never finds
    a win, and proves some of them lost."""
    lost = 0
    for extra in (range(2, 6), range(6, 10), range(10, 14), range(14, 24),
                  range(24, 34)):
        for _, game in _endgames(variant, "locked", extra):
            if not _rules(game._lay).locked(game._piles):
                continue
            assert solve(_clone(game), max_nodes=1000).status == "lost"
            monkeypatch.setattr(_rules(game._lay), "lock_watch", False)
            result = _Search(game).run(20_000, 10)
            assert result.status != "won", (variant, str(game))
            lost += result.status == "lost"
            if lost == 3:
                return
    pytest.fail(f"only {lost} locked endgames proved lost")


def _whole_suit_endgame(variant: str, rng: random.Random, autoplay: bool) -> Game:
    """A late position where foundations take only complete runs: one or two suits out,
    spread over the tableau, each pile's lowest cards face down at random, no stock."""
    game = Game(_kept_home(patience.load_variant(variant)), deal=1, autoplay=autoplay)
    lay = game._lay
    found = lay.build[lay.foundations[0]]
    suits = []
    for base in (c for c in range(52) if not any(c in found[x] for x in range(52))):
        suit = [base]
        while found[suit[-1]]:
            suit.append(next(iter(found[suit[-1]])))
        suits.append(suit)
    rng.shuffle(suits)
    out = rng.choice((1, 2))
    piles: list[list[int]] = [[] for _ in game._piles]
    for f, suit in zip(lay.foundations, suits[out:], strict=False):
        piles[f] = list(suit)
    pool = [c for suit in suits[:out] for c in suit]
    rng.shuffle(pool)
    tableau = lay.by_kind["tableau"]
    for c in pool:
        p = rng.choice(tableau)
        down = all(x & FACE_DOWN for x in piles[p]) and rng.random() < 0.5
        piles[p].append(c | FACE_DOWN if down else c)
    for p in tableau:
        if piles[p]:
            piles[p][-1] &= ~FACE_DOWN
    game._piles = piles
    return game


@pytest.mark.parametrize("variant", ["scorpion"])
def test_a_lock_where_foundations_take_whole_runs_is_never_won(variant):
    """Where foundations take only complete runs, `locked` needs every card laid on the next
    card of its suit: random endgames it calls lost are never won by a plain exhaustive
    search, which proves enough of them lost for the check to mean something."""
    rng = random.Random(variant + "whole runs")
    lost = 0
    for i in range(150):
        game = _whole_suit_endgame(variant, rng, autoplay=i % 2 == 0)
        if not _rules(game._lay).locked(game._piles):
            continue
        assert solve(_clone(game), max_nodes=1000).status == "lost"
        verdict = _exhaustive(_clone(game), 30_000)
        assert verdict is not True, (variant, str(game))
        lost += verdict is False
    assert lost >= 5


@pytest.mark.parametrize("variant", ["scorpion", "simple-simon"])
def test_a_deal_locked_where_foundations_take_whole_runs_is_never_won(variant, monkeypatch):
    """Whole deals, where the endgames above are too small to lock (spaces that take any
    card free too much): a search that does not ask `locked` never wins a deal it locks."""
    config = patience.load_variant(variant)
    rules = _rules(Game(config)._lay)
    monkeypatch.setattr(rules, "lock_watch", False)
    locked = 0
    for deal in range(1, 151):
        game = Game(config, deal=deal, autoplay=True)
        if rules.locked(game._piles):
            locked += 1
            assert _Search(game).run(3_000, 10).status != "won", (variant, deal)
            assert _Search(game, random.Random(deal)).run(3_000, 10).status != "won"
    assert locked >= 3


def test_where_foundations_take_whole_runs_a_group_that_continues_a_run_comes_first():
    game = position("spider", {"tableau.0": ["#KC", "6S"], "tableau.1": ["#KD", "6H"],
                               "tableau.2": ["#QC", "5H"]})
    ids = game._lay.index
    order = [(m[0], m[1]) for m in _Search(game).children()]
    joins = order.index((ids["tableau.2"], ids["tableau.1"]))
    builds = order.index((ids["tableau.2"], ids["tableau.0"]))
    assert joins < builds


def _bits(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def _plain_locked(rules: _Rules, piles: list[list[int]]) -> bool:
    """`locked` as its docstrings state it, in rounds: every event is tried against the
    state at the start of a round, and those whose needs are met are all added at its end,
    until a round adds none."""
    lay = rules.lay
    every = (1 << 52) - 1
    tableau = [piles[p] for p in lay.by_kind["tableau"]]
    cols = [[c & ~FACE_DOWN for c in pile] for pile in tableau]
    home = _bits([c & ~FACE_DOWN for f in lay.foundations for c in piles[f]])
    loose = every & ~home & ~_bits([c for col in cols for c in col])
    pred, hosts, free = rules.lock_pred, rules.lock_hosts, rules.lock_free
    above, along, chain = [0] * 52, [0] * 52, [0] * 52
    for pile, col in zip(tableau, cols, strict=True):
        for i, c in enumerate(col):
            above[c] = _bits(col[i + 1:])
            j = i + 1
            if rules.lock_face_up:
                along[c] = above[c] if not pile[i] & FACE_DOWN else 0
            elif rules.lock_run is not None:
                while j < len(col) and col[j] in rules.lock_run[col[j - 1]]:
                    along[c] |= 1 << col[j]
                    j += 1
            j = i + 1
            while (rules.lock_climb and j < len(col) and along[c] >> col[j] & 1
                   and pred[col[j]] == col[j - 1]):
                chain[c] |= 1 << col[j]
                j += 1
    cards = [c for col in cols for c in col]
    if rules.lock_runs:
        done = home | _bits([c for c in range(52) if pred[c] < 0])
        for pile, col in zip(tableau, cols, strict=True):
            for i in range(1, len(col)):
                if col[i - 1] == pred[col[i]] and not (pile[i] | pile[i - 1]) & FACE_DOWN:
                    done |= 1 << col[i]
    else:
        done = home
    left = 0
    while True:
        exposed = _bits([c for c in cards if not above[c] & ~left])
        handy = loose | left | exposed
        if not rules.lock_runs and not rules.lock_sealed:
            handy |= done
        spaces = any(not _bits(col) & ~left for col in cols)
        new_done, new_left = done, left
        for c in cards:
            bit = 1 << c
            rest = above[c] & ~left
            if not left & bit and rest & ~along[c]:
                continue  # it cannot move
            reaches = hosts[c] & handy & ~rest or (spaces and free & bit)
            if rules.lock_runs:
                if not done & bit and (handy & ~rest) >> pred[c] & 1:
                    new_done |= bit
                    new_left |= bit | along[c]
                elif not left & bit and reaches:
                    new_left |= bit | along[c]
            elif not left & bit:
                if reaches:
                    new_left |= bit | along[c]
                elif not rest & ~chain[c] and (pred[c] < 0 or done >> pred[c] & 1):
                    new_left |= bit | rest
        for c in range(52):
            bit = 1 << c
            if rules.lock_runs:
                if loose & ~done & bit and handy >> pred[c] & 1:
                    new_done |= bit
            elif (~done & (loose | left | exposed) & bit
                  and (pred[c] < 0 or done >> pred[c] & 1)):
                new_done |= bit
        if rules.lock_runs:
            for suit in rules.lock_suits:
                if done & suit == suit:
                    new_left |= suit
        if (new_done, new_left) == (done, left):
            return done != every
        done, left = new_done, new_left


@pytest.mark.parametrize("variant", ["alaska", "good-measure", "yukon",
                                     "fortress", "russian-solitaire", "scorpion",
                                     "simple-simon"])
def test_locked_reaches_what_plain_rounds_reach(variant):
    """`locked` adds events in whatever order finds them soonest (each pile from the top,
    what a move frees counted at once, a pile left where its card cannot move): since an
    event's needs, once met, stay met, that reaches what plain rounds reach. Checked on
    positions of random play from many deals, locked and not."""
    config = patience.load_variant(variant)
    rng = random.Random(variant + "plain rounds")
    verdicts = set()
    for deal in range(1, 31):
        game = Game(config, deal=deal, autoplay=deal % 2 == 0)
        rules = _rules(game._lay)
        assert rules.locks
        for _ in range(rng.randrange(0, 120)):
            steps = [s for s in game.legal_steps() if game._lay.kinds[s[1]] != "foundation"
                     or rng.random() < 0.3]
            if not steps:
                break
            game.apply(rng.choice(steps))
            verdict = rules.locked(game._piles)
            assert verdict == _plain_locked(rules, game._piles), (variant, deal, str(game))
            verdicts.add(verdict)
    assert verdicts == {True, False}, verdicts
