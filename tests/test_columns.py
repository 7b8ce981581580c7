"""decoding/columns.py: a search over the model's scored pieces chooses as the search over every target id does."""
import pytest
import torch

import decoding.search as search
from decoding.columns import Columns
from decoding.search import beam_search, greedy_search
from decoding.search_rules import Owed
from models.masks import padding_mask
from models.transformer import Transformer
from tests.tiny_models import tiny

BOS, EOS, P0, P1 = 2, 3, 20, 21


def half_scored_model(seed: int) -> Transformer:
    """A tiny random model scoring the specials, two placeholder-like ids and every other id of the rest."""
    torch.manual_seed(seed)
    model = Transformer(tiny(output_pieces="seen", tie_output=False)).eval()
    with torch.no_grad():
        for p in model.parameters():
            p.mul_(3.0)                                   # outputs that vary with the input
    ids = torch.tensor([0, 1, 2, 3, P0, P1, *range(4, 20, 2)])
    model.score_only(ids)
    return model


def test_columns_map_scored_ids_both_ways_and_drop_the_others():
    scored = torch.zeros(10, dtype=torch.bool)
    scored[[0, 3, 4, 8]] = True
    columns = Columns(scored)
    assert columns.ids_of(torch.tensor([0, 1, 2, 3])).tolist() == [0, 3, 4, 8]
    assert (columns.of_id(8), columns.of_id(5)) == (3, -1) and columns.of_ids([8, 5, 3]) == [3, 1]
    assert Columns().of_ids([8, 5]) == [8, 5] and Columns().narrow == {} and columns.narrow["among"] is scored


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("kind", ["greedy", "beam"])
def test_a_search_over_the_scored_columns_gives_the_search_over_every_id(seed, kind, monkeypatch):
    model = half_scored_model(seed)
    g = torch.Generator().manual_seed(seed)
    src = torch.randint(4, 20, (4, 6), generator=g)
    src[1, 4:] = 0
    lens = torch.full((4,), 12)
    owed = Owed([[P0, P1], [P1], [], [P0]], [P0, P1])

    def decode():
        options = dict(max_repeat=2, no_repeat_ngram=3, owed=owed)
        if kind == "greedy":
            return [[h] for h in greedy_search(model, src, padding_mask(src, 0), lens, BOS, EOS, **options)]
        return beam_search(model, src, padding_mask(src, 0), lens, BOS, EOS, beam=4, n_best=3, **options)

    narrow = decode()
    monkeypatch.setattr(search.Columns, "of", classmethod(lambda cls, m, src: cls()))          # every id a column
    wide = decode()
    assert [[h.tokens for h in n] for n in narrow] == [[h.tokens for h in n] for n in wide]
    assert [h.score for n in narrow for h in n] == pytest.approx([h.score for n in wide for h in n], abs=1e-5)
    written = {t for n in narrow for h in n for t in h.tokens}
    assert written <= {*range(4, 20, 2), P0, P1} and len(written) > 3        # only scored ids, and several


@pytest.mark.parametrize("kind", ["greedy", "beam"])
def test_a_search_of_one_direction_chooses_among_its_pieces_as_a_search_of_all_with_the_others_banned(kind,
                                                                                                      monkeypatch):
    model = half_scored_model(0)
    tag = 19                                                      # the tag that opens this direction's sources
    mine = torch.tensor([0, 1, 2, 3, P0, P1, 4, 6, 8, 10])
    model.score_ways([tag, 17], [mine, torch.tensor([0, 1, 2, 3, P0, P1, 12, 14, 16, 18])])
    src = torch.randint(4, 16, (4, 6), generator=torch.Generator().manual_seed(1))
    src[:, 0] = tag
    lens = torch.full((4,), 12)

    def decode(banned):
        options = dict(max_repeat=2, no_repeat_ngram=3, banned=banned)
        if kind == "greedy":
            return [[h] for h in greedy_search(model, src, padding_mask(src, 0), lens, BOS, EOS, **options)]
        return beam_search(model, src, padding_mask(src, 0), lens, BOS, EOS, beam=4, n_best=3, **options)

    assert search.Columns.of(model, src).ids.tolist() == sorted(mine.tolist())
    narrow = decode([0, 1, 2])
    monkeypatch.setattr(search.Columns, "of", classmethod(lambda cls, m, src: cls(m.scored)))   # every scored id
    wide = decode([0, 1, 2, *model.not_written_after(tag)])
    assert [[h.tokens for h in n] for n in narrow] == [[h.tokens for h in n] for n in wide]
    assert [h.score for n in narrow for h in n] == pytest.approx([h.score for n in wide for h in n], abs=1e-5)
    written = {t for n in narrow for h in n for t in h.tokens}
    assert written <= {4, 6, 8, 10, P0, P1} and len(written) > 2
