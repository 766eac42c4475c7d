"""OutputPicture: lab 8's picture of h_2 = 0 v1 + 1/2 v2 + 1/4 v3 + 1/4 v4, shown once answered."""
import numpy as np
import pytest
from traitlets import TraitError

from widgets.labs.attention_weights import OutputPicture

V = [[1, 0], [2, 0], [0, 4], [4, 4]]


def test_activity_1_4_6_h2_is_drawn_inside_the_hull_and_written_out():
    picture = OutputPicture(V, [0, 0.5, 0.25, 0.25], row=1)
    np.testing.assert_allclose(picture.output, [2, 2])
    assert picture.text == "h_2 = 0 v_1 + 0.5 v_2 + 0.25 v_3 + 0.25 v_4 = (2, 2)"
    plot = picture.plot
    assert list(plot._outputs.names) == ["h2"] and plot.focus == 0
    np.testing.assert_allclose(plot._spokes.opacities, [0, 0.5, 0.25, 0.25])
    assert "<i>h</i><sub>2</sub>" in picture._sum.value


def test_weights_that_do_not_fit_the_values_are_refused():
    with pytest.raises(TraitError, match="one weight per value vector"):
        OutputPicture(V, [0.5, 0.5], row=0)
