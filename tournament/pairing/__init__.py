"""Pairing for Ingenious events run under the MSO rules (pure Python, no Django).

With 10 players or fewer everyone plays everyone (FIDE Berger tables); above, a Swiss over the
rounds the director sets, paired by maximum-weight matching with look-ahead so that the event never
stalls while a continuation exists. See ``swiss`` for the criteria and their order, ``trf`` for the
FIDE TRF-16 / TRF-2026 reader and writer, and ``python -m tournament.pairing --help`` for the
command line.

The names below are loaded on first use (PEP 562), so that the command line starts without the
matching engine it may not need."""
