"""Files for running the site on a host: the writes-first front (nginx) and its renderer."""
