"""Duplicate boards compared (issue 30, requirement 8): every online board of a duplicate round
drew the same tiles in the same order, so each board's result is also read against the others'."""
