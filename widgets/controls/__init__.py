"""Controls a learner operates: matrix editors, sliders, the map picker, checks,
practice, views held back until answered, and the browser store of progress.
"""
