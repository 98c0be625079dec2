// Endpoints of the settings area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
