"""The reply prompt's ``die_faces`` (issue 28 item 5): what each face will do, said before
the value is entered, must be what the engine then does. For every face of several
replies (a NORMAL 6 with no fitting counterattack under both AG6 readings, with several
fitting, a SIMPLE chart, a distance move), the face's words are the die fact's and the
outcome's words are the engine's next fact's."""

from __future__ import annotations

import copy

import pytest

from tests.artobattlers.scene import EK, GB, MJ, VW, attack, die, duel

SCENES = {  # name: (p0, p1, first, move, rulings)
    "no-fit-escape": (EK, VW, 1, "spark-needle", None),
    "no-fit-hit": (EK, VW, 1, "spark-needle", {"AG6": "as_hit"}),
    "choice": (EK, MJ, 0, "blade-rush", None),
    "two-fit": (EK, VW, 1, "static-lash", None),
    "simple": (EK, VW, 0, "pommel-strike", None),
    "distance": (GB, MJ, 0, "steam-burst", None),
}


def at_reply(name: str):
    p0, p1, first, move, rulings = SCENES[name]
    m = duel(p0, p1, first=first, rulings=rulings)
    attack(m, move)
    assert m.prompt["kind"] == "reply"
    return m


@pytest.mark.parametrize("name", SCENES)
def test_each_face_says_what_the_engine_then_does(name):
    m = at_reply(name)
    faces = m.prompt["die_faces"]
    assert [f["value"] for f in faces] == [1, 2, 3, 4, 5, 6]
    for face in faces:
        trial = copy.deepcopy(m)
        facts = die(trial, face["value"])
        said, outcome = face["text"].split(": ", 1)
        assert facts[0].text.split(": ", 1)[1] == f"{said}."  # "P1 rolls 6: <said>."
        if face["reading"] != "counterattack":
            continue
        # A Counterattack face: no fit (AG6), the only fit, or a choice — as the engine goes.
        assert not outcome.startswith("a Counterattack")
        if outcome.startswith("no counterattack fits"):
            assert facts[1].text == f"N{outcome[1:-len(' (AG6)')]}."
        elif "the defender chooses" in outcome:
            assert trial.prompt["kind"] == "counterattack"
            assert all(f'"{o["id"]}"' in outcome for o in trial.prompt["options"])
        else:
            assert "counterattacks with" in facts[1].text


def test_a_six_with_no_counterattack_fitting_never_promises_one():
    words = {f["value"]: f["text"] for f in at_reply("no-fit-escape").prompt["die_faces"]}
    assert words[6] == ("a Counterattack on the NORMAL chart: no counterattack fits this "
                        "attack's class: nothing happens, as on an Escape (AG6)")
    hit = {f["value"]: f["text"] for f in at_reply("no-fit-hit").prompt["die_faces"]}
    assert hit[6].endswith("the 6 is read as a Hit (the match's AG6 reading) (AG6)")
