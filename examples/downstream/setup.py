"""Build of the example: Cython finds pokerhash/_core.pxd in the installed pokerhash
(on sys.path), so no include path is needed; at import, the cimported functions are
looked up in the pokerhash._core extension."""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [Extension("hand_strengths", ["hand_strengths.pyx"])],
        compiler_directives={"language_level": 3, "boundscheck": False, "wraparound": False},
    ),
)
