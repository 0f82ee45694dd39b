"""The one exception spielleiter raises for bad input."""

from __future__ import annotations


class Refused(Exception):
    """A refused call: an illegal action, an index outside the action space, a
    seat that is not to act, an unknown game or option, a malformed state.

    A refusal never changes the game. ``rule`` is the stable rule id (the
    game's rules documents list them; ``engine.*`` for the engine's own),
    ``kind`` its class (``rule``, ``not_your_turn``, ``malformed``, ``config``,
    …), ``de`` and ``en`` the sentence in German and English.
    """

    def __init__(self, kind: str, rule: str, de: str, en: str) -> None:
        super().__init__(f"{rule}: {en}")
        self.kind = kind
        self.rule = rule
        self.de = de
        self.en = en

    @property
    def message(self) -> dict:
        """Both sentences, as the referee's wire form has them."""
        return {"de": self.de, "en": self.en}

    def __reduce__(self):
        # Picklable, so refusals cross Ray and multiprocessing boundaries.
        return (Refused, (self.kind, self.rule, self.de, self.en))


def malformed(rule: str, de: str, en: str) -> Refused:
    """A refusal of input the Python layer checks itself."""
    return Refused("malformed", rule, de, en)
