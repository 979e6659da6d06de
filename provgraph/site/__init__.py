"""A decision site written from the graph (`provgraph site`): see build.py."""
from provgraph.site.build import SiteResult, build_site

__all__ = ["SiteResult", "build_site"]
