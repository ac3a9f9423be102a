# CPack: `cpack -G DEB` in a build directory makes qadvisor_<version>_<arch>.deb of what
# `cmake --install` installs (the binary, its man page and its shell completions, cli/).
# Depends is computed by dpkg-shlibdeps (dpkg-dev) from the libraries the binary really links,
# so it follows the build instead of a list kept by hand.
set(QADVISOR_PACKAGE_MAINTAINER "The qadvisor authors <qadvisor@users.noreply.github.com>"
    CACHE STRING "The Maintainer field of the Debian package")

# Every Debian package carries its licence as /usr/share/doc/<package>/copyright (Debian policy
# 12.5); an install elsewhere gets the same file in the same place.
include(GNUInstallDirs)
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}"
        RENAME copyright)

set(CPACK_PACKAGE_NAME qadvisor)
set(CPACK_PACKAGE_VENDOR "The qadvisor authors")
set(CPACK_PACKAGE_CONTACT "${QADVISOR_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "query and index advisor for MySQL and MariaDB")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/qadvisor/qadvisor")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)

set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${QADVISOR_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The long description; CPack puts the summary above it and indents its lines as Debian wants.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "qadvisor reads slow-query logs, SQL files and schemas, finds why queries are
slow, proposes the few composite and covering indexes that fix most of a
workload, and proves each proposal with EXPLAIN plans and timings measured
before and after on a real server or a private sandbox. It also lints the SQL
and migrations an application sends (SARIF, baselines, an exit code for CI)
and groups slow logs into query classes as pt-query-digest does.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # qadvisor_<version>_<arch>.deb
# dpkg-shlibdeps reads the binary with `file`; without either there would be no Depends at all.
find_program(QADVISOR_DPKG_SHLIBDEPS dpkg-shlibdeps)
find_program(QADVISOR_FILE file)
if(QADVISOR_DPKG_SHLIBDEPS AND QADVISOR_FILE)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  message(STATUS "No dpkg-shlibdeps or file (Debian: dpkg-dev, file): a .deb would have no Depends")
endif()
# `verify --sandbox` starts a private mariadbd; everything else works without a server.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "mariadb-server | default-mysql-server")

include(CPack)
