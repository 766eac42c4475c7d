"""What a learner would type into a lab's open tools to have them compute a question's answer.

A module per lab, ``labNN``, with ``feed(page, key)``: given the lab's page in the worst case for
question `key` (`harness.in_sight.worst_case`), it types that question's numbers into each tool that is
in sight (open, not held back) and could compute its answer, as a learner using the tool as a
calculator would. `harness.in_sight.giveaways` then reads the page: a tool that computed the answer
shows it.
"""
