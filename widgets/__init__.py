"""Board widgets: pure views of boardlib states, drawn on ipycanvas or as SVG."""
