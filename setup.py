"""The wheel carries the demo's story (examples/story and examples/demo.sh), so `provgraph demo` runs outside a checkout.

One home for the story: examples/. This hook copies it into the built package as provgraph/cli/demo_story/ (the sdist
carries examples/ through MANIFEST.in, so a wheel built from the sdist gets it too). Everything else is in pyproject.toml.
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

EXAMPLES = Path(__file__).resolve().parent / "examples"


class BuildWithStory(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "provgraph" / "cli" / "demo_story"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(EXAMPLES / "story", target / "examples" / "story")
        shutil.copy(EXAMPLES / "demo.sh", target / "examples" / "demo.sh")


setup(cmdclass={"build_py": BuildWithStory})
