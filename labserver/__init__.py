"""Server-side pieces of the lecture configuration (see ``voila.json``)."""
