# `cpack -G DEB` (or `cmake --build BUILD --target package`): a Debian package made from the
# install rules (cmake/Install.cmake) and the binary already built, in seconds. Depends are
# computed by dpkg-shlibdeps from the libraries the binary links.
set(ROCE_DEB_MAINTAINER "roce-doctor maintainers <maintainers@users.noreply.a-seed-6f1dc144.example>"
    CACHE STRING "Maintainer field of the .deb (set your site's contact when you build for it)")

# Debian's documentation files: the copyright, and the changelog gzipped as policy wants it
# (changelog.gz: the package's version has no Debian revision, so it is a native package).
set(ROCE_DEB_CHANGELOG ${PROJECT_BINARY_DIR}/dist/changelog.gz)
add_custom_command(OUTPUT ${ROCE_DEB_CHANGELOG}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/dist
  COMMAND sh -c "gzip -9n -c \"$1\" > \"$2\"" sh ${PROJECT_SOURCE_DIR}/dist/debian/changelog ${ROCE_DEB_CHANGELOG}
  DEPENDS ${PROJECT_SOURCE_DIR}/dist/debian/changelog
  VERBATIM)
add_custom_target(roce_deb_docs ALL DEPENDS ${ROCE_DEB_CHANGELOG})
install(FILES ${ROCE_DEB_CHANGELOG} ${PROJECT_SOURCE_DIR}/dist/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME roce-doctor)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_CONTACT ${ROCE_DEB_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${ROCE_DEB_MAINTAINER})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # roce-doctor_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "diagnose and tune RoCEv2 lossless networks")
# The synopsis is the summary above; this is the extended description after it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "roce-doctor finds why RDMA over Converged Ethernet runs slowly on a Linux
host (ECN off, PFC on the wrong priority, too little buffer headroom, a pause
storm, a bad lane, a DSCP trust mismatch) on ConnectX/mlx5, Broadcom bnxt
and Intel ice/irdma NICs and Linux switch ports. It reads the kernel's own
interfaces (sysfs, rtnetlink, dcbnl, ethtool, verbs), ranks findings with
their evidence and the command that fixes each, records counters over time,
and applies a tuning profile with a journal, a watchdog and a rollback.")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "rdma-core, iproute2, ethtool")
# The maintainer scripts dh_installsystemd would write for the units (dist/debian/README.md):
# daemon-reload, none enabled or started on install, stopped on remove, enable links gone on purge.
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${PROJECT_SOURCE_DIR}/dist/debian/postinst
    ${PROJECT_SOURCE_DIR}/dist/debian/prerm ${PROJECT_SOURCE_DIR}/dist/debian/postrm)
include(CPack)
