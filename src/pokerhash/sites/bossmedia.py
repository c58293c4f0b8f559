"""placeholder"""
from .model import SiteError

def parse(text, site):
    raise SiteError("not read yet", 1)
