"""Translators for the server's tests: the real one, with its decoding calls counted, or its first call held."""
import threading


class CountingTranslator:
    """The translator, with every decoding call recorded as (sentences, beam, length_penalty, n_best)."""

    def __init__(self, translator, fail=False):
        self.translator, self.calls, self.fail = translator, [], fail

    def __getattr__(self, name):
        return getattr(self.translator, name)

    def translate_sentences(self, sentences, decode):
        self.calls.append((len(sentences), decode.beam, decode.length_penalty, decode.n_best))
        if self.fail:
            self.fail = False
            raise RuntimeError("the engine broke")
        return self.translator.translate_sentences(sentences, decode)


class HeldTranslator(CountingTranslator):
    """A CountingTranslator whose first decoding call waits until released (at most HOLD seconds, so a failed test
    does not hang); calls record their sentences."""
    HOLD = 60

    def __init__(self, translator):
        super().__init__(translator)
        self.started, self.release, self.decoded = threading.Event(), threading.Event(), []

    def translate_sentences(self, sentences, decode):
        self.decoded.append([s.text for s in sentences])
        self.started.set()
        self.release.wait(self.HOLD)
        return super().translate_sentences(sentences, decode)
