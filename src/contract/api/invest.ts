// Endpoints of the invest area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
