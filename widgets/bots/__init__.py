"""The data of the bots lesson (notebooks/bots.ipynb): the questions it asks."""
