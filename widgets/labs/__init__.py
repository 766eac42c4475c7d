"""One composite per lab whose wiring is more than layout: the notebook builds it and shows it."""
