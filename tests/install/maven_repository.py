"""The repository Maven on this machine uses by default, read from Maven's own files (its super POM), so that no
repository address is written in this repository."""
from __future__ import annotations

import shutil
import xml.etree.ElementTree as ElementTree
import zipfile
from pathlib import Path

import pytest

SUPER_POM = "org/apache/maven/model/pom-4.0.0.xml"


def maven_central() -> str:
    mvn = shutil.which("mvn")
    if not mvn:
        pytest.skip("no mvn on PATH to learn the default repository from")
    lib = Path(mvn).resolve().parents[1] / "lib"
    for jar in sorted(lib.glob("maven-model-builder*.jar")):
        with zipfile.ZipFile(jar) as archive:
            if SUPER_POM in archive.namelist():
                root = ElementTree.fromstring(archive.read(SUPER_POM))
                for element in root.iter():
                    if element.tag.split("}")[-1] == "repository":
                        url = next(c.text for c in element if c.tag.split("}")[-1] == "url")
                        return url.strip().rstrip("/")
    pytest.skip(f"no super POM in {lib}")
