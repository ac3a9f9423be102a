# qadvisor in a container image:
#   docker build -t qadvisor .
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD:/work" qadvisor advise --schema schema.sql slow.log
# Two stages. The build stage installs Debian's compiler and -dev packages with the same script
# as every other build (scripts/install-deps.sh --build), builds a release and packages it with
# `cpack -G DEB`. The image is a bare debian:12-slim with that .deb installed by apt-get, which
# brings exactly the runtime libraries the package's Depends names (dpkg-shlibdeps computed it
# from the binary), so no second package list is kept here. It has no database server: connect
# with --dsn; `verify --sandbox` needs mariadb-server, which the image leaves out.

FROM debian:12-slim AS build
WORKDIR /src
# The package list alone first: its layer is reused until the list changes.
COPY scripts/install-deps.sh scripts/
RUN scripts/install-deps.sh --build
COPY . .
RUN cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DQADVISOR_TESTS=OFF \
    && cmake --build build \
    && cpack --config build/CPackConfig.cmake -G DEB -B /deb \
    && rm -rf /deb/_CPack_Packages

FROM debian:12-slim
COPY --from=build /deb/ /tmp/deb/
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/deb/qadvisor_*.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/deb \
    && qadvisor --version
WORKDIR /work
ENTRYPOINT ["qadvisor"]
CMD ["--help"]
